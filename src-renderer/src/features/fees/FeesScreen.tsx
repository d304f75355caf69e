import { useCallback, useEffect, useMemo } from 'react';
import { ScreenHeader } from '../../components/ScreenHeader';
import { AsOf, EmptyState, ReadStateNotices, RefreshButton, StaleFigures } from '../../components/StateViews';
import { screenState } from '../../lib/screen-state';
import { useShellStore } from '../../stores/shell-store';
import { useNetworkNames } from '../../stores/use-network-names';
import { CatalogTable } from './CatalogTable';
import { readFeeSettings } from '@shared/domain/fee-settings';
import { FeeSettingsPanel } from './FeeSettingsPanel';
import { useFeesStore } from './fees-store';
import './fees.css';

function isEmptyJson(value: unknown): boolean {
  return (
    value === null || value === undefined || (typeof value === 'object' && Object.keys(value).length === 0)
  );
}

export function FeesScreen() {
  const profileId = useShellStore((s) => s.activeId);
  const ownerId = useFeesStore((s) => s.profileId);
  const stored = useFeesStore((s) => s.view);
  const loading = useFeesStore((s) => s.loading);
  const error = useFeesStore((s) => s.error);
  const load = useFeesStore((s) => s.load);
  const reload = useCallback(() => void load(profileId), [load, profileId]);
  const names = useNetworkNames();

  useEffect(() => {
    if (profileId) void load(profileId);
  }, [load, profileId]);

  const view = ownerId === profileId ? stored : null;
  const settings = useMemo(() => (view ? readFeeSettings(view.fees) : null), [view]);
  const state = screenState({ data: view, error, isEmpty: view ? isEmptyJson(view.fees) : false });

  return (
    <section className="screen fees" data-testid="fees-screen" data-state={state}>
      <ScreenHeader title="Fees">
        {view && <AsOf at={view.fetchedAt} testId="fees-as-of" />}
        <RefreshButton onClick={reload} busy={loading} />
      </ScreenHeader>
      <ReadStateNotices
        state={state}
        what="Fees"
        error={error}
        since={view?.fetchedAt ?? null}
        onRetry={reload}
        retrying={loading}
        skeleton={{ rows: 6, columns: 5, label: 'Loading fees…' }}
      />
      {view && settings && state !== 'loading' && state !== 'error' && (
        <>
          <StaleFigures stale={state === 'stale'}>
            <section aria-labelledby="merchant-fees" data-testid="merchant-fees">
              <h2 id="merchant-fees">Your fee settings</h2>
              <p className="muted">What the service charges this merchant account, as it reports them.</p>
              {isEmptyJson(view.fees) ? (
                <EmptyState title="The service returned no fee settings for this account.">
                  <p>
                    The public catalog below shows the standard fees. Ask the service if you expected your
                    own.
                  </p>
                </EmptyState>
              ) : (
                <FeeSettingsPanel settings={settings} catalog={view.catalog} names={names} />
              )}
            </section>
            <section aria-labelledby="catalog-fees" data-testid="catalog-fees" className="fees__catalog">
              <h2 id="catalog-fees">Public catalog — not your merchant quote</h2>
              <p className="muted">
                The service&apos;s published fees and minimums for everyone. Your own rates are the fee
                settings above.
              </p>
              {view.catalog.length === 0 ? (
                <EmptyState title="The public catalog is empty or could not be read.">
                  <p>It is read with the prices; it appears here once Rates has loaded.</p>
                </EmptyState>
              ) : (
                <CatalogTable pairs={view.catalog} names={names} />
              )}
            </section>
          </StaleFigures>
        </>
      )}
    </section>
  );
}
