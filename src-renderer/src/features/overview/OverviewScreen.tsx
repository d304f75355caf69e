import { lazy, Suspense, useCallback, useEffect } from 'react';
import { EmptyState, ErrorNotice, LoadingSkeleton, StaleNotice } from '../../components/StateViews';
import { ScreenHeader } from '../../components/ScreenHeader';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { formatClock } from '../../lib/time';
import { selectActiveProfile, useShellStore } from '../../shell/shell-store';
import { SandboxIntro } from '../settings/SandboxIntro';
import { BalancesTable } from './BalancesTable';
import { useOverviewStore } from './overview-store';

const BalanceCharts = lazy(() => import('./BalanceCharts').then((m) => ({ default: m.BalanceCharts })));

const DEFAULT_POLL_MS = 5000;

export function OverviewScreen() {
  const profile = useShellStore(selectActiveProfile);
  const profileId = profile?.id ?? null;
  const pollMs = profile?.pollIntervalMs ?? DEFAULT_POLL_MS;
  const ownerId = useOverviewStore((s) => s.profileId);
  const balances = useOverviewStore((s) => s.balances);
  const history = useOverviewStore((s) => s.history);
  const loading = useOverviewStore((s) => s.loading);
  const error = useOverviewStore((s) => s.error);
  const refresh = useOverviewStore((s) => s.refresh);
  const refreshNow = useCallback(() => void refresh(profileId), [refresh, profileId]);

  useEffect(() => {
    if (!profileId) return;
    void refresh(profileId);
    // A hidden window does not need fresh balances; polling resumes when it is shown again.
    const timer = setInterval(
      () => {
        if (document.visibilityState === 'visible') void refresh(profileId);
      },
      Math.max(1000, pollMs),
    );
    return () => clearInterval(timer);
  }, [refresh, profileId, pollMs]);

  const view = ownerId === profileId ? balances : null;

  return (
    <section className="screen" data-testid="overview-screen">
      <ScreenHeader title="Overview" focusOnMount={false}>
        <span className="muted" aria-live="polite">
          {view ? (
            <>
              Updated <time dateTime={view.fetchedAt}>{formatClock(view.fetchedAt)}</time>
            </>
          ) : null}
        </span>
        <button type="button" className="button" onClick={refreshNow} disabled={loading} aria-busy={loading}>
          {loading ? 'Refreshing…' : 'Refresh'}
        </button>
      </ScreenHeader>
      {profile?.environment === 'sandbox' && <SandboxIntro compact />}
      {!profileId ? (
        <LoadingSkeleton label="Loading profiles…" />
      ) : !view ? (
        error ? (
          <ErrorNotice title="Balances could not be loaded." error={error} onRetry={refreshNow} />
        ) : (
          <LoadingSkeleton label="Loading balances…" />
        )
      ) : (
        <>
          {error && <StaleNotice since={view.fetchedAt} error={error} onRetry={refreshNow} />}
          <h2>Balances</h2>
          {view.rows.length === 0 ? (
            <EmptyState title="No balances yet.">
              <p>
                Balances appear here once this merchant account holds any coin. Create an invoice or a wallet
                to receive funds.
              </p>
            </EmptyState>
          ) : (
            <BalancesTable view={view} />
          )}
          <h2>Charts</h2>
          <ErrorBoundary area="Charts">
            <Suspense fallback={<LoadingSkeleton rows={3} label="Loading charts…" />}>
              <BalanceCharts rows={view.rows} history={history} />
            </Suspense>
          </ErrorBoundary>
        </>
      )}
    </section>
  );
}
