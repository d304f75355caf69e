import { useCallback, useEffect } from 'react';
import { KeyValueTree } from '../../components/KeyValueTree';
import { ScreenHeader } from '../../components/ScreenHeader';
import { EmptyState, ErrorNotice, LoadingSkeleton, StaleNotice } from '../../components/StateViews';
import { formatClock } from '../../lib/time';
import { useShellStore } from '../../shell/shell-store';
import { CatalogTable } from './CatalogTable';
import { useFeesStore } from './fees-store';

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

  useEffect(() => {
    if (profileId) void load(profileId);
  }, [load, profileId]);

  const view = ownerId === profileId ? stored : null;

  return (
    <section className="screen" data-testid="fees-screen">
      <ScreenHeader title="Fees">
        {view && (
          <span className="muted">
            Fetched <time dateTime={view.fetchedAt}>{formatClock(view.fetchedAt)}</time>
          </span>
        )}
        <button type="button" className="button" onClick={reload} disabled={loading}>
          {loading ? 'Refreshing…' : 'Refresh'}
        </button>
      </ScreenHeader>
      {!view ? (
        error ? (
          <ErrorNotice title="Fees could not be loaded." error={error} onRetry={reload} />
        ) : (
          <LoadingSkeleton label="Loading fees…" />
        )
      ) : (
        <>
          {error && <StaleNotice since={view.fetchedAt} error={error} onRetry={reload} />}
          <div className="two-columns">
            <section aria-labelledby="merchant-fees" className="panel" data-testid="merchant-fees">
              <h2 id="merchant-fees">Your fee settings</h2>
              <p className="muted">
                As the service reports them for this merchant account: percentages as written.
              </p>
              {isEmptyJson(view.fees) ? (
                <EmptyState title="The service returned no fee settings for this account." />
              ) : (
                <KeyValueTree value={view.fees} />
              )}
            </section>
            <section aria-labelledby="catalog-fees" className="panel" data-testid="catalog-fees">
              <h2 id="catalog-fees">Public catalog — not your merchant quote</h2>
              <p className="muted">
                The service&apos;s published fees and minimums for everyone. Your own rates are the fee
                settings beside this.
              </p>
              {view.catalog.length === 0 ? (
                <EmptyState title="The public catalog is empty or could not be read." />
              ) : (
                <CatalogTable pairs={view.catalog} />
              )}
            </section>
          </div>
        </>
      )}
    </section>
  );
}
