import { useRef, useState } from 'react';
import { ControlGroupPanel, ResultLine, useControlGroup } from './ControlParts';
import { ConfirmInline } from '../../components/forms/ConfirmInline';

/**
 * Puts the whole Sandbox back to the start, after asking in place: focus goes to the safe choice and
 * Escape keeps everything (UX rule 3).
 */
export function ResetControls() {
  const { busy, act } = useControlGroup('reset');
  const [asking, setAsking] = useState(false);
  const open = useRef<HTMLButtonElement>(null);
  const cancel = () => {
    setAsking(false);
    setTimeout(() => open.current?.focus(), 0);
  };
  const reset = async () => {
    if (await act('reset', { action: 'reset-sandbox', confirmed: true })) setAsking(false);
  };

  return (
    <ControlGroupPanel group="reset" onSubmit={() => setAsking(true)}>
      {asking ? (
        <ConfirmInline
          keepLabel="Keep the Sandbox as it is"
          actLabel="Reset the Sandbox"
          busy={busy}
          onConfirm={reset}
          onCancel={cancel}
          testId="sandbox-reset-confirm"
        >
          Reset the Sandbox? Everything done in it is forgotten and cannot be brought back. The desk’s Journal
          keeps its records of it, marked Sandbox.
        </ConfirmInline>
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
