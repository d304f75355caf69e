import { useEffect, useRef, type ReactNode } from 'react';
import { RunButton } from './SubmitButton';

/**
 * Asks before a destructive act, in place. Focus goes to the safe choice, never to the destructive
 * button, and Escape cancels (UX rule 3).
 */
export function ConfirmInline({
  children,
  keepLabel,
  actLabel,
  busy,
  onConfirm,
  onCancel,
  testId,
}: {
  children: ReactNode;
  keepLabel: string;
  actLabel: string;
  busy: boolean;
  onConfirm: () => unknown;
  onCancel: () => void;
  testId: string;
}) {
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div
      className="confirm"
      role="group"
      aria-label={actLabel}
      data-testid={testId}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <p>{children}</p>
      <div className="form__actions">
        <button ref={keep} type="button" className="button" onClick={onCancel}>
          {keepLabel}
        </button>
        <RunButton className="button button--danger" busy={busy} run={onConfirm} testId={`${testId}-button`}>
          {actLabel}
        </RunButton>
      </div>
    </div>
  );
}
