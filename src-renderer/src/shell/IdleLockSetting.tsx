import { useEffect, useId, useState } from 'react';
import { DECIMAL_TEXT } from '../components/forms/bind';
import { Field } from '../components/forms/Field';
import { ErrorNotice } from '../components/StateViews';
import { useLockStore } from '../stores/lock-store';
import './lock.css';

/**
 * After how many minutes without use the desk locks, and a way to lock it now. Main keeps the setting:
 * a shorter time is taken at once, a longer one only after main's own window asks.
 */
export function IdleLockSetting() {
  const id = useId();
  const { idleMinutes, error, load, lock, setIdleMinutes } = useLockStore();
  const [typed, setTyped] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  useEffect(() => void load(), [load]);

  async function save() {
    const text = (typed ?? '').trim();
    const minutes = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
    if (!(minutes >= 1 && minutes <= 120)) {
      setProblem('Enter a whole number of minutes from 1 to 120.');
      return;
    }
    if (await setIdleMinutes(minutes)) setTyped(null);
  }

  return (
    <section className="panel idle-lock-setting" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Lock</h2>
      <form
        className="idle-lock-setting__form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Field
          id={`${id}-minutes`}
          label="Lock the desk after this many minutes without use"
          hint="It also locks when the computer locks or sleeps. Unlocking is confirmed in Merchant Desk's own window."
          value={typed ?? (idleMinutes === null ? '' : String(idleMinutes))}
          onChange={(e) => {
            setTyped(e.target.value);
            setProblem(undefined);
          }}
          error={problem}
          {...DECIMAL_TEXT}
          data-testid="idle-lock-minutes"
        />
        <button type="submit" className="button" data-testid="idle-lock-save">
          Save
        </button>
        <button type="button" className="button" onClick={() => void lock()} data-testid="lock-now">
          Lock now
        </button>
      </form>
      {error && <ErrorNotice title="The lock setting was not changed." error={error} />}
    </section>
  );
}
