import { useEffect, useRef } from 'react';
import { ErrorNotice } from '../components/StateViews';
import { useLockStore } from '../stores/lock-store';
import './lock.css';

/**
 * What the window shows while the desk is locked: nothing of the desk behind it, only how to unlock.
 * The Unlock button asks main, which asks the person in its own window; this page cannot unlock.
 */
export function LockScreen() {
  const { idleMinutes, unlocking, error, unlock } = useLockStore();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <main className="lock-screen" data-testid="lock-screen">
      <section className="lock-screen__panel" aria-labelledby="lock-screen-title">
        <h1 id="lock-screen-title" ref={heading} tabIndex={-1}>
          Merchant Desk is locked
        </h1>
        <p>
          {idleMinutes === null
            ? 'It locked when it was not used for a while, or when someone locked it.'
            : `It locks after ${idleMinutes} minutes without use, when the computer locks or sleeps, or when someone locks it.`}{' '}
          Nothing can be sent or changed while it is locked.
        </p>
        {error && <ErrorNotice error={error} title="The desk is still locked" />}
        <button
          type="button"
          className="button button--primary"
          onClick={() => void unlock()}
          aria-disabled={unlocking || undefined}
          data-testid="lock-unlock"
        >
          {unlocking ? 'Waiting for the confirmation window…' : 'Unlock'}
        </button>
      </section>
    </main>
  );
}
