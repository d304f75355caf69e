import { useEffect } from 'react';
import type { UpdateStatus } from '@contract';
import { SettingCheckLine } from '../../components/forms/CheckLine';
import { ErrorNotice } from '../../components/StateViews';
import { useUpdatesStore } from './updates-store';
import './updates.css';
import { RunButton } from '../../components/forms/SubmitButton';

const STATE_WORDS: Record<UpdateStatus['state'], string> = {
  unavailable: 'This copy of Merchant Desk does not update itself.',
  idle: 'Not checked yet since Merchant Desk started.',
  checking: 'Asking the update server…',
  downloading: 'Downloading a new version in the background…',
  'up-to-date': 'Up to date.',
  ready: 'A new version is ready.',
  refused: 'A new version was refused and will not be installed.',
  failed: 'The last check did not complete.',
};

/**
 * Settings → Updates: which version runs, what the updater found, the early-access channel, and the
 * one way to install: "Restart and update", which main refuses (in words) while anything is in flight.
 */
export function UpdatesSetting() {
  const { status, busy, error, errorTitle, load, check, setChannel, restart, listen } = useUpdatesStore();
  useEffect(() => listen(), [listen]);
  useEffect(() => void load(), [load]);
  const usable = status !== null && status.state !== 'unavailable';
  return (
    <section className="panel updates-setting" aria-labelledby="updates-title" data-testid="updates-setting">
      <h2 id="updates-title">Updates</h2>
      <p>
        {status ? `You are running version ${status.currentVersion}. ` : ''}
        <span data-testid="updates-state" data-state={status?.state ?? 'loading'} aria-live="polite">
          {status ? STATE_WORDS[status.state] : 'Loading…'}
        </span>
      </p>
      {/* A copy that does not update itself says so once: main's reason is more exact than the state's words. */}
      {status?.message && status.message !== STATE_WORDS[status.state] && (
        <p data-testid="updates-message">{status.message}</p>
      )}
      {/* While it loads, the state above says so. */}
      <SettingCheckLine
        className="field field--inline"
        checked={status ? status.channel === 'early-access' : null}
        quietWhileUnknown
        disabled={busy}
        onCheck={(early) => void setChannel(early ? 'early-access' : 'stable')}
        testId="updates-early-access"
        describedBy="updates-early-access-hint"
      >
        Early access
      </SettingCheckLine>
      <p id="updates-early-access-hint" className="field__hint">
        Receive new versions, pre-releases included, before most desks. Leave it off on a desk that sends
        withdrawals every day.
      </p>
      <p className="field__hint">
        New versions download in the background and are checked against Merchant Desk&apos;s own signature.
        Nothing is installed until you choose to restart, and never while a payment is being sent, an outcome
        is unknown, a confirmation or a reconciliation session is open.
      </p>
      <div className="updates-setting__actions">
        <button
          type="button"
          className="button"
          disabled={!usable || busy || status.state === 'checking' || status.state === 'downloading'}
          onClick={() => void check()}
          data-testid="updates-check"
        >
          Check now
        </button>
        {status?.state === 'ready' && (
          <RunButton className="button button--primary" busy={busy} run={restart} testId="updates-restart">
            Restart and update to {status.version}
          </RunButton>
        )}
      </div>
      {error && <ErrorNotice title={errorTitle} error={error} />}
    </section>
  );
}
