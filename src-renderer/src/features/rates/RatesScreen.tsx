import { useEffect, useState } from 'react';
import { Badge } from '../../components/Badge';
import { ScreenHeader } from '../../components/ScreenHeader';
import { EmptyState, ErrorNotice, LoadingSkeleton } from '../../components/StateViews';
import { formatClock } from '../../lib/time';
import { useShellStore } from '../../shell/shell-store';
import { RatesTable } from './RatesTable';
import { useRatesStore } from './rates-store';

/** Ticks older than this are stale even if main has not said so yet (e.g. main itself stalled). */
const LOCAL_STALE_MS = 15_000;

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function RatesScreen() {
  const profileId = useShellStore((s) => s.activeId);
  const visible = useRatesStore((s) => s.visible);
  const total = useRatesStore((s) => s.rows.length);
  const loaded = useRatesStore((s) => s.loaded);
  const query = useRatesStore((s) => s.query);
  const stale = useRatesStore((s) => s.stale);
  const paused = useRatesStore((s) => s.paused);
  const pausing = useRatesStore((s) => s.pausing);
  const lastTickAt = useRatesStore((s) => s.lastTickAt);
  const feedError = useRatesStore((s) => s.feedError);
  const error = useRatesStore((s) => s.error);
  const { load, listen, setQuery, setPaused } = useRatesStore.getState();
  const now = useNow(5000);

  useEffect(() => {
    void load();
    return listen();
  }, [load, listen, profileId]);

  const tickAge = lastTickAt ? now - new Date(lastTickAt).getTime() : Infinity;
  const isStale = !paused && loaded && (stale || tickAge > LOCAL_STALE_MS);

  return (
    <section className="screen screen--fill" data-testid="rates-screen">
      <ScreenHeader title="Rates">
        <span className="muted" aria-live="off">
          Last tick <time dateTime={lastTickAt ?? undefined}>{formatClock(lastTickAt)}</time>
        </span>
        {paused && (
          <Badge tone="info" testId="rates-paused">
            Paused
          </Badge>
        )}
        {isStale && (
          <Badge tone="warn" testId="rates-stale">
            Stale
          </Badge>
        )}
        <button
          type="button"
          className="button"
          aria-pressed={paused}
          disabled={pausing}
          onClick={() => void setPaused(!paused)}
          data-testid="rates-pause"
        >
          {paused ? 'Resume updates' : 'Pause updates'}
        </button>
      </ScreenHeader>
      <div className="toolbar">
        <label className="field field--inline">
          <span>Search assets</span>
          <input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Symbol, name or network"
            data-testid="rates-search"
          />
        </label>
        <span className="muted" role="status" aria-live="polite">
          {loaded ? `${visible.length} of ${total} assets` : ''}
        </span>
      </div>
      {error && <ErrorNotice title="The rates call failed." error={error} onRetry={() => void load()} />}
      {isStale && (
        <div className="notice notice--warn" role="status" data-testid="rates-stale-notice">
          <p className="notice__title">
            Prices may be out of date: the last update arrived at {formatClock(lastTickAt)}.
          </p>
          <p>
            {feedError
              ? feedError.message
              : 'Merchant Desk keeps retrying. Check the connection status in the top bar.'}
          </p>
        </div>
      )}
      {!loaded ? (
        error ? null : (
          <LoadingSkeleton rows={10} label="Loading rates…" />
        )
      ) : total === 0 ? (
        <EmptyState title="The service listed no assets." />
      ) : visible.length === 0 ? (
        <EmptyState title={`No asset matches “${query}”.`}>
          <button type="button" className="button" onClick={() => setQuery('')}>
            Clear search
          </button>
        </EmptyState>
      ) : (
        <RatesTable rows={visible} />
      )}
    </section>
  );
}
