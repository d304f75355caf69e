import { afterEach, beforeEach, expect, it } from 'vitest';
import type { WebhookDelivery } from '@shared/domain/webhooks';
import type { DeliveryMeta } from '@main/storage/port/webhook-log';
import type { DeskConnection } from '@main/storage/pg/desk-connection';
import { openPgWebhookLog } from '@main/storage/pg/webhook-log';
import { createPgTeam, describeWithPg, type PgTeam, type SeededDesk } from '../../helpers/pg-team';
import { deskDb, notPermitted, refusal } from './recon-desk-db';

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
  const dbs: DeskConnection[] = [];
  const logAt = async (desk: SeededDesk, person: string, role: 'viewer' | 'operator' = 'operator') => {
    const db = await deskDb(team, desk, person, role);
    dbs.push(db);
    return { db, log: openPgWebhookLog(db) };
  };
  beforeEach(async () => {
    team = await createPgTeam(cluster(), 'whteam');
    deskA = await team.seedDesk('Desk A');
    deskB = await team.seedDesk('Desk B');
  });
  afterEach(async () => {
    await Promise.all(dbs.splice(0).map((db) => db.close()));
    await team.close();
  });
  const countOf = async (key: string, which: 'holders' | 'duplicates') => {
    const { rows } = await team.admin<{ n: number }>(
      `SELECT count(*)::int AS n FROM md.webhook_deliveries WHERE dedupe_key = $1 AND ${
        which === 'holders' ? "status IN ('applied', 'recorded') AND NOT duplicate" : 'duplicate'
      }`,
      [key],
    );
    return rows[0]!.n;
  };

  it('two desks recording the same verified delivery at once: one applies it, the other finds it settled', async () => {
    const { log: b } = await logAt(deskB, 'pavel');
    const key = 'withdrawal:w1:withdrawal.success';
    // Desk A's copy is being recorded (its transaction still open); B's copy must wait for it, then yield.
    const a = await team.deskClient(deskA, 'olga');
    await a.query('BEGIN');
    await a.query(
      `SELECT md.record_delivery('a-copy', 'p1', '2026-11-01T00:00:00.000Z', 'receiver', true, false,
         'withdrawal.success', $1, 'applied', NULL, '7', NULL, NULL, NULL, NULL)`,
      [key],
    );
    const bDone = b.record(delivery({ appliedTo: '7' }), meta(key, 'applied'));
    await waitForLockWait(team);
    await a.query('COMMIT');
    await bDone;
    expect(await b.hasSettled(key)).toBe(true);
    const [bCopy, aCopy] = await b.list('p1');
    expect(aCopy).toMatchObject({ id: 'a-copy', duplicate: false, appliedTo: '7', rejection: null });
    expect(bCopy).toMatchObject({ duplicate: true, rejection: 'duplicate', appliedTo: '7' });
    expect(bCopy!.note).toMatch(/Already applied by desk "Desk A" \(olga\)/);

    // And raced for real, many times: each fact has exactly one holder, whoever wins.
    const { log: a2 } = await logAt(deskA, 'olga');
    for (let round = 0; round < 20; round++) {
      const raced = `sha256:race-${round}`;
      await Promise.all([
        a2.record(delivery(), meta(raced, 'recorded')),
        b.record(delivery(), meta(raced, 'applied')),
      ]);
      expect([await countOf(raced, 'holders'), await countOf(raced, 'duplicates')]).toEqual([1, 1]);
    }
  });

  it("an import's batch knows the facts it settled before it is written, and writes them all or none", async () => {
    const { log: a } = await logAt(deskA, 'olga');
    const { log: b } = await logAt(deskB, 'pavel');
    await a.batch(async () => {
      await a.record(delivery(), meta('k-batch', 'applied'));
      expect(await a.hasSettled('k-batch')).toBe(true);
      // Another desk sees nothing of it until the batch is written.
      expect(await b.hasSettled('k-batch')).toBe(false);
      await a.record(delivery({ duplicate: true, rejection: 'duplicate' }), meta('k-batch', 'recorded'));
    });
    expect(await b.hasSettled('k-batch')).toBe(true);
    expect([await countOf('k-batch', 'holders'), await countOf('k-batch', 'duplicates')]).toEqual([1, 1]);
    // A row the server refuses undoes the whole batch.
    const failing = a.batch(async () => {
      await a.record(delivery(), meta('k-ok', 'recorded'));
      await a.record(delivery({ receivedAt: 'yesterday' }), meta('k-bad', 'recorded'));
    });
    expect(await refusal(failing)).toBe('journal-invalid');
    expect(await b.hasSettled('k-ok')).toBe(false);
    expect(await b.count()).toBe(2);
    // Work a batch started and did not wait for is written on its own, not lost with the batch.
    let release = () => {};
    const later = new Promise<void>((resolve) => (release = resolve));
    let stray: Promise<void> | undefined;
    await a.batch(async () => {
      stray = later.then(() => a.record(delivery(), meta('k-stray', 'recorded')));
    });
    release();
    await stray;
    expect(await b.hasSettled('k-stray')).toBe(true);
  });

  it('a delivery parked on one desk is settled for all once another desk applies it', async () => {
    const { log: a } = await logAt(deskA, 'olga');
    const { log: b } = await logAt(deskB, 'pavel');
    const parked = delivery();
    await a.record(parked, meta('k-park', 'parked', '{"event":"withdrawal.success"}'));
    // Parked is owed to the journal, on every desk.
    expect((await b.parked()).map((p) => p.id)).toEqual([parked.id]);
    await b.record(delivery({ appliedTo: '9' }), meta('k-park', 'applied'));
    expect(await a.parked()).toEqual([]);
    const settledCopy = (await a.list('p1')).find((d) => d.id === parked.id);
    expect(settledCopy).toMatchObject({ duplicate: true, appliedTo: '9' });
    expect(settledCopy!.note).toMatch(/Applied by desk "Desk B" \(pavel\)/);
    // A copy of the same fact that arrives parked now is a duplicate at once.
    await a.record(delivery(), meta('k-park', 'parked', '{}'));
    expect(await b.parked()).toEqual([]);
    expect([await countOf('k-park', 'holders'), await countOf('k-park', 'duplicates')]).toEqual([1, 2]);

    // Parked on both desks; the first to reach the journal settles the other's copy too.
    const onA = delivery();
    const onB = delivery();
    await a.record(onA, meta('k-both', 'parked', '{}'));
    await b.record(onB, meta('k-both', 'parked', '{}'));
    await a.markApplied(onA.id, '11');
    expect(await b.parked()).toEqual([]);
    await b.markApplied(onB.id, '11');
    expect(await countOf('k-both', 'holders')).toBe(1);
    expect((await b.list('p1')).find((d) => d.id === onA.id)).toMatchObject({
      appliedTo: '11',
      duplicate: false,
    });
  });

  it('a viewer reads the log and cannot write it; nobody writes its table directly', async () => {
    const { log: a, db } = await logAt(deskA, 'olga');
    await a.record(delivery(), meta('k-v', 'recorded'));
    const { log: viewer } = await logAt(deskB, 'vera', 'viewer');
    expect(await viewer.hasSettled('k-v')).toBe(true);
    expect(await viewer.list()).toHaveLength(1);
    await expect(viewer.record(delivery(), meta('k-w', 'recorded'))).rejects.toMatchObject(notPermitted);
    await expect(
      db.query("UPDATE md.webhook_deliveries SET status = 'parked', raw_body = 'x'"),
    ).rejects.toMatchObject(notPermitted);
    await expect(db.query('DELETE FROM md.webhook_deliveries')).rejects.toMatchObject(notPermitted);
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
    const { db } = await logAt(deskA, 'olga');
    await db.query(
      `SELECT md.record_delivery('bulk-' || g, 'p1', '2026-11-01T00:00:00.000Z', 'file', true, false, 'x',
         'bulk-key-' || g, CASE WHEN g <= 3 THEN 'parked' ELSE 'recorded' END, CASE WHEN g <= 3 THEN '{}' END,
         NULL, NULL, NULL, NULL, NULL)
         FROM generate_series(1, 1008) g`,
    );
    const log = openPgWebhookLog(db, { maxRows: 1000, maxRejected: 100 });
    expect(await log.prune()).toBe(5);
    expect(await log.count()).toBe(1003);
    expect(await log.parked()).toHaveLength(3);
    const greedy = openPgWebhookLog(db, { maxRows: 10, maxRejected: 0 });
    expect(await refusal(greedy.prune())).toBe('journal-invalid');
    expect(await log.count()).toBe(1003);
  });
});

/** Until some backend waits on a lock (the event that proves the second desk is queued behind the first). */
async function waitForLockWait(team: PgTeam): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const { rows } = await team.admin<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted',
    );
    if (rows[0]!.n > 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the second desk never waited for the first');
}
