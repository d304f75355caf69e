import { afterEach, beforeEach, expect, it } from 'vitest';
import { signWebhookBody } from '@main/protocol/signing';
import { createWebhookIntake } from '@main/services/webhook-intake';
import { journalSink } from '@main/app/journal-sink';
import { deskConnection, type DeskConnection } from '@main/storage/pg/desk-connection';
import { openPgJournalStore, type PgJournalStore } from '@main/storage/pg/journal-store';
import { openPgReconciliation, openPgWebhookLog } from '@main/storage/pg/recon-stores';
import { createPgTeam, describeWithPg, type PgTeam } from '../../helpers/pg-team';

const apiKey = 'team-merchant-key';
const live = { profileId: 'p-live', environment: 'live' as const };
const withdrawal = {
  ...live,
  requestBody: { network: 'tron', coin: 'usdt', amount: '40', to_address: 'TIntake1' },
};
const success = (withdrawalId: string) => {
  const rawBody = JSON.stringify({ event: 'withdrawal.success', data: { withdrawal_id: withdrawalId } });
  return { rawBody, signature: signWebhookBody(rawBody, apiKey) };
};

/**
 * Issue 27, item 7 end to end: each desk's own webhook intake (as main composes it) over the team's
 * journal and webhook log. A verified delivery applied by any desk settles the entry for all.
 */
describeWithPg('webhook intake on the team ledger', (cluster) => {
  let team: PgTeam;
  const stores: PgJournalStore[] = [];
  const dbs: DeskConnection[] = [];
  const desk = async (name: string) => {
    const seeded = await team.seedDesk(name);
    const db = deskConnection(
      { ...team.config('olga'), max: 2 },
      { deskUuid: seeded.id, token: seeded.token },
    );
    dbs.push(db);
    const journal = await openPgJournalStore(
      { ...team.config('olga'), max: 2 },
      { deskId: seeded.id, deskToken: seeded.token, reconciliation: openPgReconciliation(db) },
    );
    stores.push(journal);
    const log = openPgWebhookLog(db);
    const intake = createWebhookIntake({
      log,
      sink: journalSink(journal),
      activeTarget: async () => ({ profileId: live.profileId, apiKey }),
    });
    return { journal, log, intake };
  };
  beforeEach(async () => {
    team = await createPgTeam(cluster(), 'intake');
    await team.person('olga', 'operator');
  });
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    await Promise.all(dbs.splice(0).map((db) => db.close()));
    await team.close();
  });

  it('the same delivery taken in by two desks at once settles the entry once, for both', async () => {
    const a = await desk('Desk A');
    const b = await desk('Desk B');
    const id = await a.journal.begin('createWithdrawal', withdrawal);
    await a.journal.settle(id, { outcome: 'accepted', externalIds: { withdrawalId: 'wd-1' } });
    const [onA, onB] = await Promise.all([
      a.intake.ingest({ ...success('wd-1'), source: 'receiver' }),
      b.intake.ingest({ ...success('wd-1'), source: 'pasted' }),
    ]);
    expect([onA.verified, onB.verified]).toEqual([true, true]);
    for (const journal of [a.journal, b.journal])
      expect(await journal.get(id)).toMatchObject({ state: 'accepted', settlement: 'completed' });
    // Applied once: one webhook event on the entry, one delivery holding the fact, the other a duplicate.
    expect((await b.journal.events(id)).filter((e) => e.type === 'webhook')).toHaveLength(1);
    const logged = await b.log.list(live.profileId);
    expect(logged.map((d) => d.duplicate).sort()).toEqual([false, true]);
    // Both name the entry, whether the second desk was turned away before applying or by the server.
    expect(logged.map((d) => d.appliedTo)).toEqual([String(id), String(id)]);
    expect((await a.journal.verifyChain()).ok).toBe(true);
  });

  it('a delivery parked on one desk is applied by another once the entry is known there', async () => {
    const a = await desk('Desk A');
    const b = await desk('Desk B');
    const id = await a.journal.begin('createWithdrawal', withdrawal);
    // The webhook reaches desk B before desk A has recorded the answer that names the withdrawal.
    const early = await b.intake.ingest({ ...success('wd-2'), source: 'receiver' });
    expect(early.appliedTo).toBeNull();
    expect(await a.log.parked()).toHaveLength(1);
    await a.journal.settle(id, { outcome: 'accepted', externalIds: { withdrawalId: 'wd-2' } });
    // Desk A's intake replays what the team has parked, B's delivery included.
    expect(await a.intake.replayParked()).toBe(1);
    expect(await b.log.parked()).toEqual([]);
    expect(await b.journal.get(id)).toMatchObject({ settlement: 'completed' });
    expect(await b.log.hasSettled('withdrawal:wd-2:withdrawal.success')).toBe(true);
    // A late copy on either desk is a duplicate, and changes nothing.
    const late = await b.intake.ingest({ ...success('wd-2'), source: 'pasted' });
    expect(late).toMatchObject({ duplicate: true, rejection: 'duplicate' });
    expect((await a.log.list(live.profileId))[0]).toMatchObject({ id: late.id, appliedTo: String(id) });
    expect((await a.journal.events(id)).filter((e) => e.type === 'webhook')).toHaveLength(1);
  });
});
