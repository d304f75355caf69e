import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '@shared/domain/webhooks';
import { openWebhookLog } from '@main/storage/sqlite/webhook-log';
import type { DeliveryStatus } from '@main/storage/port/webhook-log';

const file = () => join(mkdtempSync(join(tmpdir(), 'md-whl-')), 'webhooks.sqlite');
let n = 0;
function delivery(verified: boolean): WebhookDelivery {
  n++;
  return {
    id: `d${n}`,
    receivedAt: new Date(0).toISOString(),
    source: 'pasted',
    verified,
    duplicate: false,
    event: verified ? 'test.webhook' : null,
    appliedTo: null,
    note: null,
  };
}
const meta = (status: DeliveryStatus) => ({ dedupeKey: `k${n}`, status, profileId: 'p1', rawBody: '{}' });

describe('webhook log retention (issue 12 finding 7)', () => {
  it('keeps the newest rejected rows up to a limit, every parked one, and at most maxRows others', async () => {
    const log = openWebhookLog(file(), { maxRows: 10, maxRejected: 3 });
    for (let i = 0; i < 4; i++) await log.record(delivery(true), meta('parked'));
    for (let i = 0; i < 8; i++) await log.record(delivery(false), meta('rejected'));
    for (let i = 0; i < 8; i++) await log.record(delivery(true), meta('recorded'));
    expect(await log.count()).toBe(20);
    // 8 rejected -> the newest 3; then 11 settled rows -> the newest 10 (one more rejected goes).
    expect(await log.prune()).toBe(6);
    expect(await log.count()).toBe(14);
    const kept = await log.list(undefined, 100);
    expect(kept.filter((d) => !d.verified).map((d) => d.id)).toEqual(['d12', 'd11']);
    expect(kept.filter((d) => d.event && !d.duplicate)).toHaveLength(12);
    expect(await log.parked()).toHaveLength(4);
    await log.close();
  });

  it('opens a log written before the new columns and keeps its rows', async () => {
    const path = file();
    const db = new Database(path);
    db.exec(`CREATE TABLE deliveries (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE,
      dedupe_key TEXT, status TEXT NOT NULL, profile_id TEXT NOT NULL, raw_body TEXT, received_at TEXT NOT NULL,
      source TEXT NOT NULL, verified INTEGER NOT NULL, duplicate INTEGER NOT NULL, event TEXT, applied_to TEXT, note TEXT);
      INSERT INTO deliveries (id, status, profile_id, received_at, source, verified, duplicate)
      VALUES ('old', 'recorded', 'p1', '2026-01-01T00:00:00.000Z', 'file', 1, 1);`);
    db.close();
    const log = openWebhookLog(path);
    expect(await log.list()).toEqual([
      expect.objectContaining({ id: 'old', duplicate: true, rejection: 'duplicate' }),
    ]);
    await log.close();
  });
});
