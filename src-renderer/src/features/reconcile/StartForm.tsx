import { useId, useState } from 'react';
import { isoToLocal, localToIso } from './recon-words';
import { useReconcileStore } from './reconcile-store';
import { bindValue } from '../../components/forms/bind';
import { CheckLine } from '../../components/forms/CheckLine';
import { BusyButton } from '../../components/forms/SubmitButton';

const startOfToday = () => {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return isoToLocal(d.toISOString());
};

/** A period (from, to) in this computer's time zone; "until now" takes a balance snapshot now. */
export function StartForm() {
  const start = useReconcileStore((s) => s.start);
  const busy = useReconcileStore((s) => s.busy === 'start');
  const [from, setFrom] = useState(startOfToday);
  const [to, setTo] = useState(() => isoToLocal(new Date().toISOString()));
  const [untilNow, setUntilNow] = useState(true);
  const id = useId();
  return (
    <form
      className="recon-start"
      data-testid="recon-start-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!from) return;
        // "Until now" is a minute ahead of the click, so what happens while the balance is read is inside.
        const end = untilNow ? new Date(Date.now() + 1_000).toISOString() : localToIso(to);
        void start(localToIso(from), end);
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-from`}>From</label>
        <input
          id={`${id}-from`}
          type="datetime-local"
          {...bindValue(from, setFrom)}
          data-testid="recon-from"
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`}>To</label>
        <input
          id={`${id}-to`}
          type="datetime-local"
          {...bindValue(to, setTo)}
          disabled={untilNow}
          data-testid="recon-to"
        />
      </div>
      <CheckLine className="field--inline" checked={untilNow} onCheck={setUntilNow} testId="recon-until-now">
        Until now (reads the balances now)
      </CheckLine>
      <BusyButton busy={busy} busyText="Starting…" testId="recon-start">
        Start session
      </BusyButton>
    </form>
  );
}
