import { recoveryAndReconContract } from '@test/unit/storage/contract/recovery-and-recon';
import { webhookLogContract } from '@test/unit/storage/contract/webhook-log';
import { DESK_A, type StoreHarness } from '@test/unit/storage/contract/harness';
import type { JournalStore } from '@main/storage/port';
import { deskConnection, type DeskConnection } from '@main/storage/pg/desk-connection';
import { openPgJournalStore } from '@main/storage/pg/journal-store';
import { openPgReconciliation, openPgWebhookLog } from '@main/storage/pg/recon-stores';
import type { PgCluster } from '../../helpers/pg-cluster';
import { createPgTeam, describeWithPg, type SeededDesk } from '../../helpers/pg-team';

/**
 * The team ledger's store with the reconciliation stores wired in (as journal-store.ts will, over the
 * desk's connection) and the webhook log beside it: a fresh database per test, operator `olga`.
 */
async function reconHarness(cluster: PgCluster): Promise<StoreHarness> {
  const team = await createPgTeam(cluster, 'rcontract');
  await team.person('olga', 'operator');
  const desks = new Map<string, SeededDesk>();
  const dbs: DeskConnection[] = [];
  const stores: JournalStore[] = [];
  const connect = async (deskId: string) => {
    let desk = desks.get(deskId);
    if (!desk) {
      desk = await team.seedDesk(`Desk ${desks.size + 1}`, deskId.replace(/^desk-/, ''));
      desks.set(deskId, desk);
    }
    const db = deskConnection({ ...team.config('olga'), max: 2 }, { deskUuid: desk.id, token: desk.token });
    dbs.push(db);
    return { desk, db };
  };
  return {
    async open(deskId) {
      const { desk, db } = await connect(deskId);
      const store = await openPgJournalStore(
        { ...team.config('olga'), max: 4 },
        { deskId, deskToken: desk.token, reconciliation: openPgReconciliation(db) },
      );
      stores.push(store);
      return store;
    },
    async tamperEntry(id) {
      await team.admin("UPDATE md.entries SET amount = '999999' WHERE id = $1", [id]);
    },
    async webhookLog() {
      return openPgWebhookLog((await connect(DESK_A)).db);
    },
    async cleanup() {
      for (const store of stores) await store.close().catch(() => {});
      await Promise.all(dbs.map((db) => db.close()));
      await team.close();
    },
  };
}

describeWithPg('storage contract, reconciliation and webhook log: PostgreSQL team ledger', (cluster) => {
  recoveryAndReconContract(() => reconHarness(cluster()));
  webhookLogContract(() => reconHarness(cluster()));
});
