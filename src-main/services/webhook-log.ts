import Database from 'better-sqlite3';
import type { WebhookDelivery } from '@shared/domain/webhooks';

/**
 * applied: changed the journal. recorded: verified, but an event the journal does not track.
 * parked: verified and about the journal, but no entry matches yet (its answer may still be in
 * flight); kept with its body and tried again whenever the journal changes. rejected: not verified.
 */
export type DeliveryStatus = 'applied' | 'recorded' | 'parked' | 'rejected';

export interface ParkedDelivery {
  id: string;
  profileId: string;
  rawBody: string;
}

export interface WebhookLog {
  /** A verified delivery with this key was already applied or recorded. */
  hasSettled(dedupeKey: string): boolean;
  record(
    delivery: WebhookDelivery,
    meta: { dedupeKey: string | null; status: DeliveryStatus; profileId: string; rawBody: string | null },
  ): void;
  parked(limit?: number): ParkedDelivery[];
  markApplied(id: string, appliedTo: string): void;
  list(limit?: number): WebhookDelivery[];
  close(): void;
}

type Row = {
  id: string;
  received_at: string;
  source: WebhookDelivery['source'];
  verified: number;
  duplicate: number;
  event: string | null;
  applied_to: string | null;
  note: string | null;
};

/** Every delivery we were shown, verified or not. Durable, so a re-import next week is still a duplicate. */
export function openWebhookLog(file: string): WebhookLog {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(`CREATE TABLE IF NOT EXISTS deliveries (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    dedupe_key TEXT,
    status TEXT NOT NULL CHECK (status IN ('applied', 'recorded', 'parked', 'rejected')),
    profile_id TEXT NOT NULL,
    raw_body TEXT,
    received_at TEXT NOT NULL,
    source TEXT NOT NULL,
    verified INTEGER NOT NULL,
    duplicate INTEGER NOT NULL,
    event TEXT,
    applied_to TEXT,
    note TEXT
  );
  CREATE INDEX IF NOT EXISTS deliveries_dedupe ON deliveries (dedupe_key, status);`);

  const insert = db.prepare(`INSERT INTO deliveries
    (id, dedupe_key, status, profile_id, raw_body, received_at, source, verified, duplicate, event, applied_to, note)
    VALUES (@id, @dedupeKey, @status, @profileId, @rawBody, @receivedAt, @source, @verified, @duplicate, @event, @appliedTo, @note)`);
  const settled = db.prepare(
    "SELECT 1 FROM deliveries WHERE dedupe_key = ? AND status IN ('applied', 'recorded') LIMIT 1",
  );
  const parked = db.prepare(
    "SELECT id, profile_id, raw_body FROM deliveries WHERE status = 'parked' ORDER BY seq DESC LIMIT ?",
  );
  const applied = db.prepare(
    "UPDATE deliveries SET status = 'applied', applied_to = ?, raw_body = NULL, note = ? WHERE id = ?",
  );
  const recent = db.prepare('SELECT * FROM deliveries ORDER BY seq DESC LIMIT ?');

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
    hasSettled: (dedupeKey) => settled.get(dedupeKey) !== undefined,
    record(delivery, meta) {
      insert.run({
        ...delivery,
        ...meta,
        // Only a parked delivery needs its body again; the others are done with.
        rawBody: meta.status === 'parked' ? meta.rawBody : null,
        verified: delivery.verified ? 1 : 0,
        duplicate: delivery.duplicate ? 1 : 0,
      });
    },
    parked: (limit = 500) =>
      (parked.all(limit) as Array<{ id: string; profile_id: string; raw_body: string }>).map((r) => ({
        id: r.id,
        profileId: r.profile_id,
        rawBody: r.raw_body,
      })),
    markApplied: (id, appliedTo) =>
      void applied.run(appliedTo, 'Applied when its journal entry became known.', id),
    list: (limit = 200) => (recent.all(limit) as Row[]).map(toDelivery),
    close: () => db.close(),
  };
}
