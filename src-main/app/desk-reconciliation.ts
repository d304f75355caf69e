import { toBalancesView } from '../services/balances-view';
import { createReconciliation } from '../services/reconciliation/service';
import type { JournalStore } from '../storage/port';
import type { WebhookLog } from '../storage/port/webhook-log';
import type { ProfileScope } from './profile-scope';

/** How many webhook log rows a reconciliation looks through for parked and refused deliveries. */
const LOG_ROWS = 5_000;

/** The reconciliation service fed by this desk's journal, webhook log and the active profile's balances. */
export function createDeskReconciliation(deps: {
  journal: JournalStore;
  webhookLog: WebhookLog;
  activeScope: () => ProfileScope;
}) {
  const { journal, webhookLog, activeScope } = deps;
  return createReconciliation({
    journal,
    parked: async (profileId) => (await webhookLog.parked(LOG_ROWS)).filter((d) => d.profileId === profileId),
    rejectedBetween: async (profileId, from, to) =>
      (await webhookLog.list(profileId, LOG_ROWS))
        .filter((d) => d.rejection !== null && d.rejection !== 'duplicate')
        .filter((d) => d.receivedAt >= from && d.receivedAt <= to).length,
    readBalances: async () => {
      const scope = activeScope();
      const data = await scope.read((s) => s.client.getMerchantBalances());
      return { profileId: scope.session.profile.id, view: toBalancesView(data, new Date()) };
    },
  });
}
