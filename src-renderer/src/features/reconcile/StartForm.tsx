import { useId, useState } from 'react';
import { isoToLocal, localToIso } from './recon-words';
import { useReconcileStore } from './reconcile-store';
import { bindValue } from '../../components/forms/bind';
import { CheckLine } from '../../components/forms/CheckLine';
import { BusyButton } from '../../components/forms/SubmitButton';
import { DayPresets } from '../../components/forms/DayPresets';
import { localDay, presetDays, presetOf, shiftDay, type DayPreset } from '../../lib/day-presets';

const MIDNIGHT = 'T00:00';
/** Periods that reach today end "until now"; the others end at the midnight after their last day. */
const REACHES_NOW: ReadonlySet<DayPreset> = new Set(['today', 'this-month']);

/** Which quick period the form's fields are, if any (local midnight to midnight, or to now). */
function activePreset(from: string, to: string, untilNow: boolean): DayPreset | null {
  if (!from.endsWith(MIDNIGHT)) return null;
  const lastDay = untilNow
    ? localDay(new Date())
    : to.endsWith(MIDNIGHT)
      ? shiftDay(to.slice(0, 10), -1)
      : null;
  const preset = lastDay ? presetOf({ from: from.slice(0, 10), to: lastDay }, new Date()) : null;
  return preset && REACHES_NOW.has(preset) === untilNow ? preset : null;
}

const startOfToday = () => {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return isoToLocal(d.toISOString());
};

/**
 * A period (from, to) in this computer's time zone, sent as UTC instants; "until now" takes a balance
 * snapshot now. Quick periods fill both ends (local midnights).
 */
export function StartForm() {
  const start = useReconcileStore((s) => s.start);
  const busy = useReconcileStore((s) => s.busy === 'start');
  const [from, setFrom] = useState(startOfToday);
  const [to, setTo] = useState(() => isoToLocal(new Date().toISOString()));
  const [untilNow, setUntilNow] = useState(true);
  const id = useId();
  const pick = (preset: DayPreset) => {
    const days = presetDays(preset, new Date());
    setFrom(days.from + MIDNIGHT);
    setUntilNow(REACHES_NOW.has(preset));
    if (!REACHES_NOW.has(preset)) setTo(shiftDay(days.to, 1) + MIDNIGHT);
  };
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
      <DayPresets active={activePreset(from, to, untilNow)} onPick={pick} testId="recon-presets" />
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
