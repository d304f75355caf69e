import { Suspense, useEffect } from 'react';
import { ToastStack } from './lazy-parts';
import { useToastsStore } from './toasts-store';

/**
 * The toast stack, bottom right. Its words are read out by the app's announcer when a toast arrives;
 * the stack itself is not a live region, so a screen reader does not hear them twice.
 */
export function Toasts() {
  const toasts = useToastsStore((s) => s.toasts);
  const listen = useToastsStore((s) => s.listen);
  useEffect(() => listen(), [listen]);
  if (toasts.length === 0) return null;
  // The stack's code arrives with the first toast; it is said by the announcer meanwhile.
  return (
    <Suspense fallback={null}>
      <ToastStack toasts={toasts} />
    </Suspense>
  );
}
