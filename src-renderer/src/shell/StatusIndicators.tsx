import type { ReactNode } from 'react';
import { Badge } from '../components/Badge';
import { OfflineBannerShown } from '../components/offline-banner';
import { READ_ONLY_JOURNAL_WORDS, ReadOnlyJournal } from '../components/forms/read-only-journal';
import { TechnicalDetail } from '../components/StateViews';
import { formatClock, formatOffset } from '../lib/time';
import { connectionWords } from './connection-words';
import { useShellStore } from '../stores/shell-store';

/**
 * Connection, clock skew and data freshness: what makes the figures on screen trustworthy. Not a
 * live region: it changes with every refresh, and the shell announces only the changes that matter.
 */
export function StatusIndicators() {
  const connection = useShellStore((s) => s.connection);
  const skew = useShellStore((s) => s.skew);
  const lastRefreshAt = useShellStore((s) => s.lastRefreshAt);
  const words = connectionWords(connection);
  // Offline has its own banner with the cause; saying it twice would be two banners for one cause.
  const degraded = connection?.state === 'degraded';
  return (
    <div className="status" aria-label="Connection status" role="group">
      <span data-testid="connection-status">
        <span className="visually-hidden">Connection: </span>
        <Badge tone={words.tone}>{words.label}</Badge>
      </span>
      {degraded && words.cause && (
        <span className="status__cause" data-testid="connection-cause">
          {words.cause}
        </span>
      )}
      {skew && (skew.warn || skew.breaksWindow || Math.abs(skew.offsetMs) >= 60_000) && (
        <span data-testid="clock-skew">
          <Badge tone={skew.breaksWindow ? 'bad' : 'warn'}>Clock {formatOffset(skew.offsetMs)}</Badge>
        </span>
      )}
      <span className="muted" data-testid="last-refresh">
        {lastRefreshAt ? (
          <>
            <span className="status__words">Data as of </span>
            <time dateTime={lastRefreshAt}>{formatClock(lastRefreshAt)}</time>
          </>
        ) : connection?.state === 'connecting' || connection === null ? (
          'Waiting for the first data…'
        ) : (
          'No data received yet'
        )}
      </span>
    </div>
  );
}

/** One banner per cause across the top when a problem stops work: plain words first, detail collapsed. */
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

/** Tells the money forms below that the journal is read-only, so they are off and say why. */
export function ReadOnlyJournalScope({ children }: { children: ReactNode }) {
  const readOnly = useShellStore((s) => s.journalReadOnly);
  return <ReadOnlyJournal value={readOnly}>{children}</ReadOnlyJournal>;
}

/** Tells the screens below whether the offline banner above names the cause, so they only point up to it. */
export function OfflineBannerScope({ children }: { children: ReactNode }) {
  const shown = useShellStore((s) => s.connection?.state === 'offline');
  return <OfflineBannerShown value={shown}>{children}</OfflineBannerShown>;
}
