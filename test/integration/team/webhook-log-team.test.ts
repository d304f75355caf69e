import { afterEach, beforeEach, expect, it } from 'vitest';
import type { WebhookDelivery } from '@shared/domain/webhooks';
import type { DeliveryMeta } from '@main/storage/port/webhook-log';
import { openPgWebhookLog, type PgWebhookLog } from '@main/storage/pg/webhook-log';
import { createPgTeam, describeWithPg, type PgTeam, type SeededDesk } from '../../helpers/pg-team';
import { deskPool, refusal, type DeskPool } from './recon-pools';

let n = 0;
const delivery = (over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: `d-${++n}`,
  profileId: 'p1',
  receivedAt: new Date(Date.UTC(2026, 10, 1, 0, 0, n)).toISOString(),
  source: 'receiver',
  verified: true,
  duplicate: false,
  event: 'withdrawal.success',
  appliedTo: null,
  note: null,
  rejection: null,
  ...over,
});
const meta = (dedupeKey: string, status: DeliveryMeta['status'], rawBody: string | null = null) => ({
  dedupeKey,
  status,
  profileId: 'p1',
  rawBody,
});

describeWithPg('webhook log shared by the team', (cluster) => {
  let team: PgTeam;
  let deskA: SeededDesk;
  let deskB: SeededDesk;
  const pools: DeskPool[] = [];
  const logAt = async (desk: SeededDesk, person: string, role: 'viewer' | 'operator' = 'operator') => {
    const pool = await deskPool(team, desk, person, role);
    pools.push(pool);
    return { pool, log: openPgWebhookLog(pool) };
  };
  beforeEach(async () => {
    team = await createPgTeam(cluster(), 'whteam');
    deskA = await team.seedDesk('Desk A');
    deskB = await team.seedDesk('Desk B');
  });
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.end()));
    await team.close();
  });
  const holders = async (key: string) =>
    (
      await team.admin(
        `SELECT count(*)::int AS n FROM md.webhook_deliveries
          WHERE dedupe_key = $1 AND status IN ('applied', 'recorded') AND NOT duplicate`,
        [key],
      )
    ).rows[0]!.n as number;

  it('two desks recording the same verified delivery at once: one applies it, the other finds it settled', async () => {
    const { log: a } = await logAt(deskA, 'olga');
    const { log: b } = await logAt(deskB, 'pavel');
    // A's import holds its copy uncommitted; B's copy must wait for it, then yield to it.
    let bDone: Promise<string> | undefined;
    await a.batch(async () => {
      expect(
        await a.recordAs(delivery({ appliedTo: '7' }), meta('withdrawal:w1:withdrawal.success', 'applied')),
      ).toBe('applied');
      bDone = b.recordAs(delivery({ appliedTo: '7' }), meta('withdrawal:w1:withdrawal.success', 'applied'));
      await waitForLockWait(team);
    });
    expect(await bDone).toBe('duplicate');
    expect(await b.hasSettled('withdrawal:w1:withdrawal.success')).toBe(true);
    const [bCopy, aCopy] = await b.list('p1');
    expect(aCopy).toMatchObject({ duplicate: false, appliedTo: '7', rejection: null });
    expect(bCopy).toMatchObject({ duplicate: true, rejection: 'duplicate', appliedTo: '7' });
    expect(bCopy!.note).toMatch(/Already applied by desk "Desk A" \(olga\)/);

    // And raced for real, many times: each fact has exactly one holder, whoever wins.
    for (let round = 0; round < 20; round++) {
      const key = `sha256:race-${round}`;
      const outcomes = await Promise.all([
        a.recordAs(delivery(), meta(key, 'recorded')),
        b.recordAs(delivery(), meta(key, 'applied')),
      ]);
      expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(1);
      expect(await holders(key)).toBe(1);
    }
  });

  it('a delivery parked on one desk is settled for all once another desk applies it', async () => {
    const { log: a } = await logAt(deskA, 'olga');
    const { log: b } = await logAt(deskB, 'pavel');
    const parked = delivery();
    await a.record(parked, meta('k-park', 'parked', '{"event":"withdrawal.success"}'));
    // Parked is owed to the journal, on every desk.
    expect((await b.parked()).map((p) => p.id)).toEqual([parked.id]);
    expect(await b.recordAs(delivery({ appliedTo: '9' }), meta('k-park', 'applied'))).toBe('applied');
    expect(await a.parked()).toEqual([]);
    const settledCopy = (await a.list('p1')).find((d) => d.id === parked.id);
    expect(settledCopy).toMatchObject({ duplicate: true, appliedTo: '9' });
    expect(settledCopy!.note).toMatch(/Applied by desk "Desk B" \(pavel\)/);
    // A copy of the same fact that arrives parked now is a duplicate at once.
    expect(await a.recordAs(delivery(), meta('k-park', 'parked', '{}'))).toBe('duplicate');

    // Parked on both desks; the first to reach the journal settles the other's copy too.
    const onA = delivery();
    const onB = delivery();
    await a.record(onA, meta('k-both', 'parked', '{}'));
    await b.record(onB, meta('k-both', 'parked', '{}'));
    await a.markApplied(onA.id, '11');
    expect(await b.parked()).toEqual([]);
    await b.markApplied(onB.id, '11');
    expect(await holders('k-both')).toBe(1);
    expect((await b.list('p1')).find((d) => d.id === onA.id)).toMatchObject({
      appliedTo: '11',
      duplicate: false,
    });
  });

  it('a viewer reads the log and cannot write it; nobody writes its table directly', async () => {
    const { log: a, pool } = await logAt(deskA, 'olga');
    await a.record(delivery(), meta('k-v', 'recorded'));
    const { log: viewer } = await logAt(deskB, 'vera', 'viewer');
    expect(await viewer.hasSettled('k-v')).toBe(true);
    expect(await viewer.list()).toHaveLength(1);
    expect(await refusal(viewer.record(delivery(), meta('k-w', 'recorded')))).toBe('42501');
    expect(
      await refusal(pool.query("UPDATE md.webhook_deliveries SET status = 'parked', raw_body = 'x'")),
    ).toBe('42501');
    expect(await refusal(pool.query('DELETE FROM md.webhook_deliveries'))).toBe('42501');
    // The rules hold for a desk that calls the function itself with a made-up row.
    expect(await refusal(a.record(delivery({ verified: false }), meta('k-x', 'applied')))).toBe(
      'journal-invalid',
    );
    expect(await refusal(a.record(delivery(), meta('k-y', 'parked')))).toBe('journal-invalid');
    const mailed = delivery({ source: 'email' as 'file' });
    expect(await refusal(a.record(mailed, meta('k-z', 'recorded')))).toBe('journal-invalid');
    expect(await a.count()).toBe(1);
  });

  it('prunes past the limits, keeps every parked delivery, and refuses limits below its floor', async () => {
    const { pool } = await logAt(deskA, 'olga');
    await pool.query(
      `SELECT md.record_delivery('bulk-' || g, 'p1', '2026-11-01T00:00:00.000Z', 'file', true, false, 'x',
         'bulk-key-' || g, CASE WHEN g <= 3 THEN 'parked' ELSE 'recorded' END, CASE WHEN g <= 3 THEN '{}' END,
         NULL, NULL, NULL, NULL, NULL)
         FROM generate_series(1, 1008) g`,
    );
    const log: PgWebhookLog = openPgWebhookLog(pool, { maxRows: 1000, maxRejected: 100 });
    expect(await log.prune()).toBe(5);
    expect(await log.count()).toBe(1003);
    expect(await log.parked()).toHaveLength(3);
    const greedy = openPgWebhookLog(pool, { maxRows: 10, maxRejected: 0 });
    expect(await refusal(greedy.prune())).toBe('journal-invalid');
    expect(await log.count()).toBe(1003);
  });
});

/** Until some backend waits on a lock (the event that proves the second desk is queued behind the first). */
async function waitForLockWait(team: PgTeam): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const { rows } = await team.admin('SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted');
    if ((rows[0]!.n as number) > 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the second desk never waited for the first');
}
