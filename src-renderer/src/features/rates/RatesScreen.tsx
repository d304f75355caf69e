import { useEffect } from 'react';
import { Badge } from '../../components/Badge';
import { ScreenHeader } from '../../components/ScreenHeader';
import { AsOf, EmptyState, ErrorNotice, ReadStateNotices, StaleFigures } from '../../components/StateViews';
import { screenState } from '../../lib/screen-state';
import { useNow } from '../../lib/use-now';
import { useShellStore } from '../../stores/shell-store';
import { MIN_SPAN } from './spark-scale';
import { RatesTable } from './RatesTable';
import { useRatesStore } from '../../stores/rates-store';
import './rates.css';
import { bindValue } from '../../components/forms/bind';

/** Ticks older than this are stale even if main has not said so yet (e.g. main itself stalled). */
const LOCAL_STALE_MS = 15_000;

export function RatesScreen() {
  const profileId = useShellStore((s) => s.activeId);
  const visible = useRatesStore((s) => s.visible);
  const total = useRatesStore((s) => s.rows.length);
  const loaded = useRatesStore((s) => s.loaded);
  const loading = useRatesStore((s) => s.loading);
  const query = useRatesStore((s) => s.query);
  const stale = useRatesStore((s) => s.stale);
  const paused = useRatesStore((s) => s.paused);
  const pausing = useRatesStore((s) => s.pausing);
  const lastTickAt = useRatesStore((s) => s.lastTickAt);
  const feedError = useRatesStore((s) => s.feedError);
  const callError = useRatesStore((s) => s.error);
  const { load, listen, setQuery, setPaused } = useRatesStore.getState();
  const now = useNow(5000);

  useEffect(() => {
    void load();
    return listen();
  }, [load, listen, profileId]);

  // One banner per cause: the feed's own error (main could not read prices) wins over this screen's
  // call failing, which usually has the same cause.
  const error = feedError ?? callError;
  // Prices exist once a tick has arrived; before that the snapshot's empty list means "not yet",
  // not "no assets".
  const hasPrices = loaded && (lastTickAt !== null || total > 0);
  const tickAge = lastTickAt ? now - new Date(lastTickAt).getTime() : Infinity;
  const state = screenState({
    data: hasPrices ? visible : null,
    error: paused ? null : error,
    stale: !paused && (stale || tickAge > LOCAL_STALE_MS),
    isEmpty: total === 0,
  });
  const retry = () => void load();

  return (
    <section className="screen screen--fill rates" data-testid="rates-screen" data-state={state}>
      <ScreenHeader title="Rates">
        {hasPrices && <AsOf at={lastTickAt} testId="rates-as-of" />}
        {paused && (
          <Badge tone="info" testId="rates-paused">
            Paused
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
      <ReadStateNotices
        state={state}
        what="Prices"
        error={error}
        since={lastTickAt}
        onRetry={retry}
        retrying={loading}
        skeleton={{ rows: 8, columns: 6, label: 'Waiting for the first prices…' }}
      />
      {paused && callError && <ErrorNotice title="Updates could not be resumed." error={callError} />}
      {hasPrices && state !== 'error' && (
        <>
          <div className="toolbar">
            <label className="field field--inline">
              <span>Search assets</span>
              <input
                type="search"
                {...bindValue(query, setQuery)}
                placeholder="Symbol, name or network"
                data-testid="rates-search"
              />
            </label>
            <span className="muted" role="status">
              {`${visible.length} of ${total} assets`}
            </span>
          </div>
          <p className="rates-note muted" data-testid="rates-note">
            Change is measured from the first price Merchant Desk received for each asset since it started —
            not a 24-hour change. Trend lines share one scale: a line that fills its box moved{' '}
            {MIN_SPAN * 100} % or more.
          </p>
          {total === 0 ? (
            <EmptyState title="The service lists no assets right now.">
              <p>Prices appear here once the service publishes its rates. Merchant Desk keeps checking.</p>
            </EmptyState>
          ) : visible.length === 0 ? (
            <EmptyState title={`No asset matches “${query}”.`}>
              <button type="button" className="button" onClick={() => setQuery('')}>
                Clear search
              </button>
            </EmptyState>
          ) : (
            <StaleFigures stale={state === 'stale'}>
              <RatesTable rows={visible} />
            </StaleFigures>
          )}
        </>
      )}
    </section>
  );
}
