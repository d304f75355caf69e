import { afterEach, beforeEach } from 'vitest';
import { journalSink } from '@main/app/journal-sink';
import { createWebhookIntake } from '@main/services/webhook-intake';
import { deskConnection, type DeskConnection } from '@main/storage/pg/desk-connection';
import { openPgJournalStore, type PgJournalStore } from '@main/storage/pg/journal-store';
import { openPgReconciliation, openPgWebhookLog } from '@main/storage/pg/recon-stores';
import type { PgCluster } from '../../helpers/pg-cluster';
import { createPgTeam, type PgTeam, type SeededDesk, type TeamRole } from '../../helpers/pg-team';
import { deskDb } from './recon-desk-db';

export const apiKey = 'team-merchant-key';
export const live = { profileId: 'p-live', environment: 'live' as const };

/**
 * Desks of one team (operator `olga`), each with its journal, webhook log and webhook intake over the
 * team's ledger, as main composes them; a fresh team per test, everything closed after it.
 */
export function useIntakeDesks(cluster: () => PgCluster, prefix: string) {
  const state: { team?: PgTeam } = {};
  const stores: PgJournalStore[] = [];
  const dbs: DeskConnection[] = [];
  beforeEach(async () => {
    state.team = await createPgTeam(cluster(), prefix);
    await state.team.person('olga', 'operator');
  });
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    await Promise.all(dbs.splice(0).map((db) => db.close()));
    await state.team?.close();
  });
  const team = () => state.team!;
  return {
    team,
    /** The webhook log alone, as `person` in `role` at `seeded` (no journal, no intake). */
    async logAs(seeded: SeededDesk, person: string, role: TeamRole) {
      const db = await deskDb(team(), seeded, person, role);
      dbs.push(db);
      return openPgWebhookLog(db);
    },
    async desk(seeded: SeededDesk | string) {
      const at = typeof seeded === 'string' ? await team().seedDesk(seeded) : seeded;
      const config = { ...team().config('olga'), max: 2 };
      const db = deskConnection(config, { deskUuid: at.id, token: at.token });
      dbs.push(db);
      const journal = await openPgJournalStore(config, {
        deskId: at.id,
        deskToken: at.token,
        reconciliation: openPgReconciliation(db),
      });
      stores.push(journal);
      const log = openPgWebhookLog(db);
      const warnings: string[] = [];
      const intake = createWebhookIntake({
        log,
        sink: journalSink(journal),
        activeTarget: async () => ({ profileId: live.profileId, apiKey }),
        targetFor: async (profileId) => (profileId === live.profileId ? { profileId, apiKey } : null),
        warn: (line) => warnings.push(line),
      });
      return { journal, log, intake, warnings };
    },
  };
}
