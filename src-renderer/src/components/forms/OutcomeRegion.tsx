import type { ReactNode } from 'react';
import { useFocusOnArrival } from '../../lib/use-focus-on-arrival';

/**
 * Where a form's last outcome appears. Focus moves to it when a new outcome arrives (not when the
 * screen reopens on an old one), so a keyboard or screen-reader user hears it and a small window
 * scrolls to it when it sits below the form.
 */
export function OutcomeRegion<T>({
  outcome,
  className,
  testId,
  children,
}: {
  outcome: T | null;
  className: string;
  testId: string;
  children: (outcome: T) => ReactNode;
}) {
  const region = useFocusOnArrival(outcome);
  return (
    <div ref={region} tabIndex={-1} className={className} data-testid={testId}>
      {outcome && children(outcome)}
    </div>
  );
}
