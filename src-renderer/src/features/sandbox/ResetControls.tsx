import { useEffect, useRef, useState } from 'react';
import { ControlGroupPanel, ResultLine, useControlGroup } from './ControlParts';

/**
 * Puts the whole Sandbox back to the start, after asking in place: focus goes to the safe choice and
 * Escape keeps everything (UX rule 3).
 */
export function ResetControls() {
  const { busy, act } = useControlGroup('reset');
  const [asking, setAsking] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const open = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) keep.current?.focus();
  }, [asking]);
  const cancel = () => {
    setAsking(false);
    setTimeout(() => open.current?.focus(), 0);
  };
  const reset = async () => {
    if (await act('reset', { action: 'reset-sandbox', confirmed: true })) setAsking(false);
  };

  return (
    <ControlGroupPanel
      group="reset"
      title="Start over"
      intro="Put the Sandbox back as it was at the start: its play money, no invoices, withdrawals, wallets or pending faults, and its clock with the real time."
      onSubmit={() => setAsking(true)}
    >
      {asking ? (
        <div
          className="confirm"
          role="group"
          aria-label="Reset the Sandbox"
          data-testid="sandbox-reset-confirm"
          onKeyDown={(e) => {
            if (e.key === 'Escape') cancel();
          }}
        >
          <p>
            Reset the Sandbox? Everything done in it is forgotten and cannot be brought back. The desk’s
            Journal keeps its records of it, marked Sandbox.
          </p>
          <div className="form__actions">
            <button ref={keep} type="button" className="button" onClick={cancel}>
              Keep the Sandbox as it is
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={busy}
              onClick={() => void reset()}
              data-testid="sandbox-reset-confirm-button"
            >
              Reset the Sandbox
            </button>
          </div>
        </div>
      ) : (
        <div className="form__actions">
          <button ref={open} type="submit" className="button" disabled={busy} data-testid="sandbox-reset">
            Reset the Sandbox…
          </button>
        </div>
      )}
      <ResultLine group="reset" what="The reset" />
    </ControlGroupPanel>
  );
}
