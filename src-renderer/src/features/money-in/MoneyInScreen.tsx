import { useEffect } from 'react';
import { ScreenHeader } from '../../components/ScreenHeader';
import { EmptyState, ReadStateNotices, RefreshButton } from '../../components/StateViews';
import { subscribe } from '../../lib/ipc';
import { screenState } from '../../lib/screen-state';
import { useShellStore } from '../../stores/shell-store';
import { useNetworkNames } from '../../stores/use-network-names';
import { MoneyInFilters } from './MoneyInFilters';
import { MoneyInTable } from './MoneyInTable';
import { mayBringMoneyIn, NO_FILTERS, useMoneyInStore } from './money-in-store';
import { countLine } from './money-in-words';
import './money-in.css';

/** The ledger of money in: what verified webhooks say was credited, for invoices and wallets. */
export function MoneyInScreen() {
  const profileId = useShellStore((s) => s.activeId);
  const { profileId: ownerId, items: stored, total, loading, error, filters, load } = useMoneyInStore();
  const names = useNetworkNames();
  const reload = () => void load(profileId);

  useEffect(() => {
    if (profileId) void load(profileId);
  }, [load, profileId]);
  // A delivery carries no amount: a verified one that can credit money asks for the list again.
  useEffect(
    () =>
      subscribe('webhook:received', (delivery) => {
        if (delivery.profileId === profileId && mayBringMoneyIn(delivery)) void load(profileId);
      }),
    [load, profileId],
  );

  const items = ownerId === profileId ? stored : null;
  const state = screenState({ data: items, error, isEmpty: items?.length === 0 });
  const filtered = filters !== NO_FILTERS;

  return (
    <section className="screen money-in" data-testid="money-in-screen" data-state={state}>
      <ScreenHeader title="Money in" />
      <p className="muted money-in__intro">
        Invoice payments and wallet deposits, as the service's verified webhooks reported them: the net is
        what was credited to the balance; the fee and what was paid show where the webhook says them.
      </p>
      <MoneyInFilters names={names} />
      <div className="money-in__head">
        <p className="money-in__count" data-testid="money-in-count" aria-live="polite">
          {items ? countLine(items.length, total) : ''}
        </p>
        <RefreshButton onClick={reload} busy={loading} />
      </div>
      <ReadStateNotices
        state={state}
        what="Money in"
        error={error}
        since={null}
        onRetry={reload}
        retrying={loading}
        skeleton={{ rows: 4, columns: 5, label: 'Loading money in…' }}
      />
      {state === 'empty' && (
        <EmptyState title={filtered ? 'Nothing matches these filters.' : 'No money in yet.'}>
          <p>
            {filtered
              ? 'Clear the filters to see every payment and deposit.'
              : 'A payment or deposit appears here once its verified webhook reaches the desk (Webhooks screen).'}
          </p>
        </EmptyState>
      )}
      {items && items.length > 0 && state !== 'error' && <MoneyInTable items={items} names={names} />}
    </section>
  );
}
