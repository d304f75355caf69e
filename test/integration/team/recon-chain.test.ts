import { afterEach, beforeEach, expect, it } from 'vitest';
import type { JournalStore } from '@main/storage/port';
import { openPgJournalStore } from '@main/storage/pg/journal-store';
import { openPgReconciliation } from '@main/storage/pg/recon-stores';
import type { DeskConnection } from '@main/storage/pg/desk-connection';
import { createPgTeam, describeWithPg, type PgTeam } from '../../helpers/pg-team';
import { deskDb } from './recon-desk-db';

const period = { from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' };

describeWithPg('the team chain check covers reconciliation', (cluster) => {
  let team: PgTeam;
  const open: Array<DeskConnection | JournalStore> = [];
  beforeEach(async () => {
    team = await createPgTeam(cluster(), 'reconchain');
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((o) => o.close()));
    await team.close();
  });

  it("a desk's whole chain check reports a reconciliation session edited beside its events", async () => {
    const desk = await team.seedDesk('Desk A');
    const db = await deskDb(team, desk, 'olga');
    open.push(db);
    const store = await openPgJournalStore(
      { ...team.config('olga'), max: 4 },
      { deskId: desk.id, deskToken: desk.token, reconciliation: openPgReconciliation(db) },
    );
    open.push(store);
    const session = await store.reconciliation.sessions.start({
      profileId: 'p-live',
      environment: 'live',
      ...period,
    });
    await store.reconciliation.sessions.close(session.id, {
      by: 'Olga',
      note: 'all explained',
      withExceptions: false,
      report: { lines: 0 },
    });
    expect(await store.verifyChain()).toMatchObject({ ok: true });
    // The owner of the tables turns the clean close into one with exceptions, beside the chain.
    await team.admin('UPDATE md.recon_sessions SET with_exceptions = true');
    expect(await store.verifyChain()).toMatchObject({
      ok: false,
      brokenAt: { reason: expect.stringMatching(/session \d+ differs from its recorded history/) },
    });
  });
});
