import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { ScreenHeader } from '../../components/ScreenHeader';
import {
  AsOf,
  EmptyState,
  LoadingSkeleton,
  ReadStateNotices,
  RefreshButton,
  StaleFigures,
} from '../../components/StateViews';
import { screenState } from '../../lib/screen-state';
import { selectActiveProfile, useShellStore } from '../../stores/shell-store';
import { useNetworkNames } from '../../stores/use-network-names';
import { useRefusedWrite } from '../../stores/use-refused-write';
import { SandboxIntro } from './SandboxIntro';
import { BalancesTable } from './BalancesTable';
import { NeedsAttention } from './NeedsAttention';
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
  // Refresh also re-reads what needs attention (its card reads on its own otherwise).
  const [asked, setAsked] = useState(0);
  const refreshNow = useCallback(() => {
    setAsked((n) => n + 1);
    void refresh(profileId);
  }, [refresh, profileId]);
  const names = useNetworkNames();
  const mayInvoice = useRefusedWrite('invoices') === null;
  const mayWithdraw = useRefusedWrite('withdrawals') === null;

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
  const state = screenState({ data: profileId ? view : null, error, isEmpty: view?.rows.length === 0 });

  return (
    <section className="screen overview" data-testid="overview-screen" data-state={state}>
      <ScreenHeader title="Overview" focusOnMount={false}>
        {/* Not a live region: a clock that changes every poll is noise to a screen reader. */}
        {view && <AsOf at={view.fetchedAt} testId="overview-as-of" />}
        <RefreshButton onClick={refreshNow} busy={loading} />
      </ScreenHeader>
      {profile?.environment === 'sandbox' && <SandboxIntro />}
      {/* Only to forms this person is offered: a team's viewer would find a refusal behind either. */}
      {(mayInvoice || mayWithdraw) && (
        <nav className="overview__shortcuts" aria-label="Shortcuts">
          {mayInvoice && (
            <a className="button" href="#/invoices" data-testid="shortcut-new-invoice">
              New invoice
            </a>
          )}
          {mayWithdraw && (
            <a className="button" href="#/withdrawals" data-testid="shortcut-new-withdrawal">
              New withdrawal
            </a>
          )}
        </nav>
      )}
      <NeedsAttention profileId={profileId} names={names} refreshKey={asked} />
      <ReadStateNotices
        state={state}
        what="Balances"
        error={error}
        since={view?.fetchedAt ?? null}
        onRetry={refreshNow}
        retrying={loading}
        skeleton={{ rows: 6, columns: 5, label: 'Loading balances…' }}
      />
      {view && state !== 'loading' && state !== 'error' && (
        <>
          <h2>Balances</h2>
          <StaleFigures stale={state === 'stale'}>
            {view.rows.length === 0 ? (
              <EmptyState title="No balances yet.">
                <p>
                  This merchant account holds no coin yet. Balances appear here once a payment arrives: create
                  an invoice or a wallet to receive funds.
                </p>
              </EmptyState>
            ) : (
              <BalancesTable view={view} names={names} />
            )}
          </StaleFigures>
          <h2>Charts</h2>
          <ErrorBoundary area="Charts">
            <Suspense fallback={<LoadingSkeleton rows={3} columns={2} label="Loading charts…" />}>
              <BalanceCharts rows={view.rows} history={history} />
            </Suspense>
          </ErrorBoundary>
        </>
      )}
    </section>
  );
}
