import Database from 'better-sqlite3';
import type { WebhookDelivery } from '../../src-preload/contract';

/**
 * Every webhook delivery we were shown, verified or not, and the de-duplication keys of those we
 * applied. Durable, so a delivery imported again next week is still recognised as a duplicate.
 */
export interface WebhookLog {
  hasApplied(dedupeKey: string): boolean;
  record(delivery: WebhookDelivery, dedupeKey: string | null): void;
  list(limit?: number): WebhookDelivery[];
  close(): void;
}

export function openWebhookLog(file: string): WebhookLog {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(`CREATE TABLE IF NOT EXISTS deliveries (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    dedupe_key TEXT,
    received_at TEXT NOT NULL,
    source TEXT NOT NULL,
    verified INTEGER NOT NULL,
    duplicate INTEGER NOT NULL,
    event TEXT,
    applied_to TEXT,
    note TEXT
  );
  CREATE INDEX IF NOT EXISTS deliveries_dedupe ON deliveries(dedupe_key) WHERE verified = 1 AND duplicate = 0;`);

  const insert = db.prepare(`INSERT INTO deliveries (id, dedupe_key, received_at, source, verified, duplicate, event, applied_to, note)
    VALUES (@id, @dedupeKey, @receivedAt, @source, @verified, @duplicate, @event, @appliedTo, @note)`);
  const seen = db.prepare('SELECT 1 FROM deliveries WHERE dedupe_key = ? AND verified = 1 AND duplicate = 0 LIMIT 1');
  const recent = db.prepare('SELECT * FROM deliveries ORDER BY seq DESC LIMIT ?');

  type Row = {
    id: string; received_at: string; source: WebhookDelivery['source']; verified: number; duplicate: number;
    event: string | null; applied_to: string | null; note: string | null;
  };
  const toDelivery = (row: Row): WebhookDelivery => ({
    id: row.id,
    receivedAt: row.received_at,
    source: row.source,
    verified: row.verified === 1,
    duplicate: row.duplicate === 1,
    event: row.event,
    appliedTo: row.applied_to,
    note: row.note,
  });

  return {
    hasApplied: (dedupeKey: string): boolean => seen.get(dedupeKey) !== undefined,
    record(delivery: WebhookDelivery, dedupeKey: string | null): void {
      insert.run({
        ...delivery,
        dedupeKey,
        verified: delivery.verified ? 1 : 0,
        duplicate: delivery.duplicate ? 1 : 0,
      });
    },
    list: (limit = 200): WebhookDelivery[] => (recent.all(limit) as Row[]).map(toDelivery),
    close: () => db.close(),
  };
}
