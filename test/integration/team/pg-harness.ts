import {
  openPgJournalStore,
  type PgJournalOptions,
  type PgJournalStore,
} from '@main/storage/pg/journal-store';
import { deskConnection, type DeskConnection } from '@main/storage/pg/desk-connection';
import { openPgWebhookLog } from '@main/storage/pg/webhook-log';
import type { StoreHarness } from '../../unit/storage/contract';
import { DESK_A } from '../../unit/storage/contract/harness';
import { createPgTeam, type PgTeam, type PgTeamOptions, type SeededDesk } from '../../helpers/pg-team';
import type { PgCluster } from '../../helpers/pg-cluster';

/**
 * The contract suite's harness on the team ledger: a fresh database per test, each desk id enrolled on
 * first use, every store opened as operator `olga` on a pool of its own (its reconciliation over its own
 * connection), the webhook log on desk A's connection, tampering done as the ledger's owner.
 */
export async function pgHarness(
  cluster: PgCluster,
  extra: Partial<PgJournalOptions> = {},
  teamOptions: PgTeamOptions = {},
): Promise<StoreHarness & { team: PgTeam; opened: PgJournalStore[] }> {
  const team = await createPgTeam(cluster, 'contract', teamOptions);
  await team.person('olga', 'operator');
  const desks = new Map<string, SeededDesk>();
  const opened: PgJournalStore[] = [];
  const logs: DeskConnection[] = [];
  const enrolled = async (deskId: string) => {
    let desk = desks.get(deskId);
    if (!desk) {
      desk = await team.seedDesk(`Desk ${desks.size + 1}`, deskId.replace(/^desk-/, ''));
      desks.set(deskId, desk);
    }
    return desk;
  };
  return {
    team,
    opened,
    async open(deskId) {
      const desk = await enrolled(deskId);
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
      const desk = await enrolled(DESK_A);
      const db = deskConnection({ ...team.config('olga'), max: 2 }, { deskUuid: desk.id, token: desk.token });
      logs.push(db);
      return openPgWebhookLog(db);
    },
    async cleanup() {
      for (const store of opened) await store.close().catch(() => {});
      await Promise.all(logs.map((db) => db.close()));
      await team.close();
    },
  };
}
