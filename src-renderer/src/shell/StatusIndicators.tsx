import { Suspense, type ReactNode } from 'react';
import { Badge } from '../components/Badge';
import { OfflineBannerShown } from '../components/offline-banner';
import { ReadOnlyJournal } from '../components/forms/read-only-journal';
import { formatClock, formatOffset } from '../lib/time';
import { connectionWords } from './connection-words';
import { ConnectionCause } from './lazy-parts';
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
      {degraded && (
        <Suspense fallback={null}>
          <ConnectionCause error={words.detail} />
        </Suspense>
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
