import { afterEach, beforeEach, expect, it } from 'vitest';
import { createWebhookIntake } from '@main/services/webhook-intake';
import { journalSink } from '@main/app/journal-sink';
import { deskConnection, type DeskConnection } from '@main/storage/pg/desk-connection';
import { openPgJournalStore, type PgJournalStore } from '@main/storage/pg/journal-store';
import { openPgReconciliation, openPgWebhookLog } from '@main/storage/pg/recon-stores';
import { createPgTeam, describeWithPg, type PgTeam, type SeededDesk } from '../../helpers/pg-team';
import { deskDb, notPermitted } from './recon-desk-db';

const apiKey = 'team-merchant-key';
const live = { profileId: 'p-live', environment: 'live' as const };
const withdrawal = {
  ...live,
  requestBody: { network: 'tron', coin: 'usdt', amount: '25', to_address: 'TRefused1' },
};

/**
 * Issue 26 item 4 on the team ledger: the server holds no merchant key, so any operator's desk can
 * record a parked delivery that never came from the service. A desk that replays it verifies it
 * again with the key and refuses it: a forged "withdrawal.failed" must not mark a completed payout
 * failed, which would let the duplicate guard allow the identical withdrawal to be sent again.
 */
describeWithPg('a parked webhook that does not verify on the team ledger', (cluster) => {
  let team: PgTeam;
  const stores: PgJournalStore[] = [];
  const dbs: DeskConnection[] = [];
  const desk = async (seeded: SeededDesk) => {
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
    const warnings: string[] = [];
    const intake = createWebhookIntake({
      log,
      sink: journalSink(journal),
      activeTarget: async () => ({ profileId: live.profileId, apiKey }),
      targetFor: async (profileId) => (profileId === live.profileId ? { profileId, apiKey } : null),
      warn: (line) => warnings.push(line),
    });
    return { journal, log, intake, warnings };
  };
  beforeEach(async () => {
    team = await createPgTeam(cluster(), 'refused');
    await team.person('olga', 'operator');
  });
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    await Promise.all(dbs.splice(0).map((db) => db.close()));
    await team.close();
  });

  /** What a rogue operator can do with psql: record parked rows through the ledger's own function. */
  const plant = async (at: SeededDesk, id: string, withdrawalId: string, signature: string | null) => {
    const rogue = await team.deskClient(at, 'mallory', 'operator');
    const raw = JSON.stringify({ event: 'withdrawal.failed', data: { withdrawal_id: withdrawalId } });
    await rogue.query(
      `SELECT md.record_delivery($1, $2, '2026-11-26T06:00:00.000Z', 'receiver', true, false,
         'withdrawal.failed', $3, 'parked', $4, NULL, NULL, NULL, NULL, NULL, $5)`,
      [id, live.profileId, `withdrawal:${withdrawalId}:withdrawal.failed`, raw, signature],
    );
    await rogue.end();
  };

  it('is refused at replay: never applied, kept as rejected evidence, and the duplicate guard holds', async () => {
    const seededA = await team.seedDesk('Desk A');
    const seededB = await team.seedDesk('Desk B');
    const a = await desk(seededA);
    const id = await a.journal.begin('createWithdrawal', withdrawal);
    await a.journal.settle(id, { outcome: 'accepted', externalIds: { withdrawalId: 'wd-9' } });
    // One forged signature, and one row with none (as a row parked before signatures were kept).
    await plant(seededB, 'forged', 'wd-9', 'f'.repeat(64));
    await plant(seededB, 'unsigned', 'wd-9', null);
    expect((await a.log.parked()).map((p) => [p.id, p.signature])).toEqual([
      ['unsigned', null],
      ['forged', 'f'.repeat(64)],
    ]);

    expect(await a.intake.replayParked()).toBe(0);
    expect(await a.journal.get(id)).toMatchObject({ state: 'accepted' });
    expect((await a.journal.get(id))?.settlement).not.toBe('failed');
    expect((await a.journal.events(id)).filter((e) => e.type === 'webhook')).toEqual([]);
    expect(await a.log.parked()).toEqual([]);
    const refused = await a.log.list(live.profileId);
    expect(refused).toHaveLength(2);
    for (const d of refused)
      expect(d).toMatchObject({ verified: false, rejection: 'signature-mismatch', appliedTo: null });
    expect(a.warnings.join('\n')).toMatch(/parked delivery forged \(p-live\) refused at replay/);
    expect(a.warnings.join('\n')).toMatch(/parked delivery unsigned \(p-live\) refused at replay/);
    // The body stays for a person to read; the signature went with the parked status.
    const { rows } = await team.admin(
      `SELECT id, status, signature, raw_body IS NOT NULL AS has_body FROM md.webhook_deliveries ORDER BY id`,
    );
    expect(rows).toEqual([
      { id: 'forged', status: 'rejected', signature: null, has_body: true },
      { id: 'unsigned', status: 'rejected', signature: null, has_body: true },
    ]);

    // Refused stays refused: a later apply or a second refusal changes nothing.
    await a.log.markApplied('forged', String(id));
    await a.log.markRefused('forged', 'again');
    expect((await a.log.list(live.profileId)).find((d) => d.id === 'forged')).toMatchObject({
      appliedTo: null,
      note: expect.stringMatching(/does not verify/),
    });
    // The payout still counts as sent: the identical withdrawal is refused, from either desk.
    await expect(a.journal.begin('createWithdrawal', withdrawal)).rejects.toMatchObject({
      kind: 'duplicate-withdrawal',
    });
    const b = await desk(seededB);
    await expect(b.journal.begin('createWithdrawal', withdrawal)).rejects.toMatchObject({
      kind: 'duplicate-withdrawal',
    });
    expect((await a.journal.verifyChain()).ok).toBe(true);
  });

  it('only an operator refuses a delivery, only a parked one, and the team hears of it', async () => {
    const seeded = await team.seedDesk('Desk A');
    await plant(seeded, 'forged', 'wd-10', 'e'.repeat(64));
    const viewerDb = await deskDb(team, seeded, 'vera', 'viewer');
    dbs.push(viewerDb);
    await expect(openPgWebhookLog(viewerDb).markRefused('forged', 'no')).rejects.toMatchObject(notPermitted);

    const listener = await team.deskClient(seeded, 'olga');
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    await listener.query('LISTEN md_changes');
    const operatorDb = await deskDb(team, seeded, 'olga');
    dbs.push(operatorDb);
    const log = openPgWebhookLog(operatorDb);
    await expect(log.markRefused('nobody', 'no')).rejects.toMatchObject({ sqlState: 'M0009' });
    await expect(log.markRefused('forged', '')).rejects.toMatchObject({ sqlState: 'M0008' });
    expect(await log.parked()).toHaveLength(1);
    await log.markRefused('forged', 'does not verify');
    expect(await log.parked()).toEqual([]);
    await listener.query('SELECT 1');
    expect(heard.some((p) => p.endsWith(':delivery'))).toBe(true);
    await listener.end();
  });
});
