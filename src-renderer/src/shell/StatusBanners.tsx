import { READ_ONLY_JOURNAL_WORDS } from '../components/forms/read-only-journal';
import { TechnicalDetail } from '../components/StateViews';
import { formatClock, formatOffset } from '../lib/time';
import { connectionWords } from './connection-words';
import { useShellStore } from '../stores/shell-store';

/**
 * One banner per cause across the top when a problem stops work: plain words first, detail collapsed.
 * Nothing until main's status has been read (after the first paint), so the shell loads it lazily.
 */
export function StatusBanners() {
  const connection = useShellStore((s) => s.connection);
  const skew = useShellStore((s) => s.skew);
  const lastRefreshAt = useShellStore((s) => s.lastRefreshAt);
  const journalReadOnly = useShellStore((s) => s.journalReadOnly);
  const words = connectionWords(connection);
  return (
    <>
      {skew?.breaksWindow && (
        <div className="banner banner--bad" data-testid="clock-skew-block">
          <p className="banner__title">
            Sending money is blocked: this computer&apos;s clock is {formatOffset(skew.offsetMs)} off.
          </p>
          <p>
            The service only accepts requests signed within 5 minutes of its own time. Turn on automatic time
            (NTP) in the system settings; the block lifts on its own once the clock is right.
          </p>
        </div>
      )}
      {connection?.state === 'offline' && (
        <div className="banner banner--offline" data-testid="connection-banner">
          <p className="banner__title">Offline: {words.cause}</p>
          <p>
            {lastRefreshAt
              ? `The figures on screen are from ${formatClock(lastRefreshAt)} and are not updating.`
              : 'Nothing has been received from the service yet.'}{' '}
            Merchant Desk keeps trying.
          </p>
          {words.detail && <TechnicalDetail error={words.detail} />}
        </div>
      )}
      {journalReadOnly && (
        <div className="banner banner--warn" data-testid="journal-read-only-banner">
          <p className="banner__title">{READ_ONLY_JOURNAL_WORDS}</p>
          <p>{journalReadOnly} Everything already recorded can still be viewed, searched and exported.</p>
        </div>
      )}
    </>
  );
}
