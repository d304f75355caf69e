import {
  openPgJournalStore,
  type PgJournalOptions,
  type PgJournalStore,
} from '@main/storage/pg/journal-store';
import type { StoreHarness } from '../../unit/storage/contract';
import { createPgTeam, type PgTeam, type SeededDesk } from '../../helpers/pg-team';
import type { PgCluster } from '../../helpers/pg-cluster';

/**
 * The contract suite's harness on the team ledger: a fresh database per test, each desk id enrolled on
 * first use, every store opened as operator `olga` on a pool of its own, tampering done as the superuser.
 */
export async function pgHarness(
  cluster: PgCluster,
  extra: Partial<PgJournalOptions> = {},
): Promise<StoreHarness & { team: PgTeam; opened: PgJournalStore[] }> {
  const team = await createPgTeam(cluster, 'contract');
  await team.person('olga', 'operator');
  const desks = new Map<string, SeededDesk>();
  const opened: PgJournalStore[] = [];
  return {
    team,
    opened,
    async open(deskId) {
      let desk = desks.get(deskId);
      if (!desk) {
        desk = await team.seedDesk(`Desk ${desks.size + 1}`, deskId.replace(/^desk-/, ''));
        desks.set(deskId, desk);
      }
      const store = await openPgJournalStore(
        { ...team.config('olga'), max: 4 },
        { deskId, deskToken: desk.token, ...extra },
      );
      opened.push(store);
      return store;
    },
    async tamperEntry(id) {
      await team.admin("UPDATE md.entries SET amount = '999999' WHERE id = $1", [id]);
    },
    async webhookLog() {
      throw new Error('The webhook log on PostgreSQL is h-recon’s (webhook-log.ts); not merged here yet.');
    },
    async cleanup() {
      for (const store of opened) await store.close().catch(() => {});
      await team.close();
    },
  };
}
