import { Suspense, useEffect } from 'react';
import { ToastStack } from './lazy-parts';
import type { ScreenId } from './routes';
import { useToastsStore } from './toasts-store';

/**
 * The toast stack, bottom right. Its words are read out by the app's announcer when a toast arrives;
 * the stack itself is not a live region, so a screen reader does not hear them twice.
 */
export function Toasts({ screen }: { screen: ScreenId }) {
  const toasts = useToastsStore((s) => s.toasts);
  const listen = useToastsStore((s) => s.listen);
  const dismissKind = useToastsStore((s) => s.dismissKind);
  useEffect(() => listen(), [listen]);
  // On the Approvals screen the queue itself is in view (and says when it changed): a toast saying a
  // withdrawal waits for approval would only cover it, as it covered an item's words at 960x600.
  useEffect(() => {
    if (screen === 'approvals') dismissKind('approval-waiting');
  }, [screen, toasts, dismissKind]);
  if (toasts.length === 0) return null;
  // The stack's code arrives with the first toast; it is said by the announcer meanwhile.
  return (
    <Suspense fallback={null}>
      <ToastStack toasts={toasts} />
    </Suspense>
  );
}
