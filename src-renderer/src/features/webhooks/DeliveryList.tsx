import { EmptyState, ReadStateNotices, RefreshButton } from '../../components/StateViews';
import { screenState } from '../../lib/screen-state';
import { DeliveryCard } from './DeliveryCard';
import { useWebhooksStore } from './webhooks-store';

/** Every delivery the desk kept, newest first; new arrivals wait for a click so nothing jumps. */
export function DeliveryList() {
  const deliveries = useWebhooksStore((s) => s.deliveries);
  const error = useWebhooksStore((s) => s.listError);
  const loading = useWebhooksStore((s) => s.loading);
  const incoming = useWebhooksStore((s) => s.incoming);
  const load = useWebhooksStore((s) => s.load);
  const showIncoming = useWebhooksStore((s) => s.showIncoming);
  const loadReceiver = useWebhooksStore((s) => s.loadReceiver);
  // The receiver's counts move without an event (turned-away posts are not announced): refresh them too.
  const refresh = () => {
    void load();
    void loadReceiver();
  };
  const state = screenState({ data: deliveries, error, isEmpty: deliveries?.length === 0 });
  return (
    <section aria-labelledby="webhooks-list-title" className="webhooks__list" data-state={state}>
      <div className="webhooks__list-head">
        <h2 id="webhooks-list-title">Deliveries</h2>
        <RefreshButton onClick={refresh} busy={loading} />
      </div>
      {incoming.length > 0 && (
        <button type="button" className="button" onClick={showIncoming} data-testid="show-incoming">
          Show {incoming.length} new {incoming.length === 1 ? 'delivery' : 'deliveries'}
        </button>
      )}
      <ReadStateNotices
        state={state}
        what="The delivery list"
        error={error}
        since={null}
        onRetry={() => void load()}
        retrying={loading}
        skeleton={{ rows: 3, columns: 3, label: 'Loading deliveries…' }}
      />
      {state === 'empty' && (
        <EmptyState title="No deliveries yet.">
          <p>
            Paste one, import a file, or turn the receiver on; each delivery is listed here with what it did.
          </p>
        </EmptyState>
      )}
      {deliveries && deliveries.length > 0 && state !== 'error' && (
        <ol className="delivery-list" data-testid="delivery-list">
          {deliveries.map((d) => (
            <DeliveryCard key={d.id} delivery={d} />
          ))}
        </ol>
      )}
    </section>
  );
}
