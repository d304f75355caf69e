import { expect, it } from 'vitest';
import { describeWithPg, type SeededDesk } from '../../helpers/pg-team';
import { live, useIntakeDesks } from './intake-desks';
import { notPermitted } from './recon-desk-db';

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
  const desks = useIntakeDesks(cluster, 'refused');
  const desk = desks.desk;

  /** What a rogue operator can do with psql: record parked rows through the ledger's own function. */
  const plant = async (at: SeededDesk, id: string, withdrawalId: string, signature: string | null) => {
    const rogue = await desks.team().deskClient(at, 'mallory', 'operator');
    const raw = JSON.stringify({ event: 'withdrawal.failed', data: { withdrawal_id: withdrawalId } });
    await rogue.query(
      `SELECT md.record_delivery($1, $2, '2026-11-26T06:00:00.000Z', 'receiver', true, false,
         'withdrawal.failed', $3, 'parked', $4, NULL, NULL, NULL, NULL, NULL, $5)`,
      [id, live.profileId, `withdrawal:${withdrawalId}:withdrawal.failed`, raw, signature],
    );
    await rogue.end();
  };

  it('is refused at replay: never applied, kept as rejected evidence, and the duplicate guard holds', async () => {
    const seededA = await desks.team().seedDesk('Desk A');
    const seededB = await desks.team().seedDesk('Desk B');
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
    const { rows } = await desks
      .team()
      .admin(
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
    const seeded = await desks.team().seedDesk('Desk A');
    await plant(seeded, 'forged', 'wd-10', 'e'.repeat(64));
    const viewerLog = await desks.logAs(seeded, 'vera', 'viewer');
    await expect(viewerLog.markRefused('forged', 'no')).rejects.toMatchObject(notPermitted);

    const listener = await desks.team().deskClient(seeded, 'olga');
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    await listener.query('LISTEN md_changes');
    const log = await desks.logAs(seeded, 'olga', 'operator');
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
