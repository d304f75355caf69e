import Database from 'better-sqlite3';
import { MismatchDetail, WebhookIds, type WebhookDelivery } from '@shared/domain/webhooks';
import { DEFAULT_RETENTION, type RetentionLimits, type WebhookLog } from '../port/webhook-log';

type Row = {
  id: string;
  profile_id: string;
  received_at: string;
  source: WebhookDelivery['source'];
  verified: number;
  duplicate: number;
  event: string | null;
  applied_to: string | null;
  note: string | null;
  rejection: WebhookDelivery['rejection'] | null;
  ids: string | null;
  mismatch: string | null;
};

/** Columns added after the first release: added in place, so an older log keeps its rows. */
const ADDED_COLUMNS = ['rejection TEXT', 'ids TEXT', 'mismatch TEXT', 'signature TEXT'];

function readJson<T>(text: string | null, schema: { safeParse(v: unknown): { success: boolean; data?: T } }) {
  if (!text) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Every delivery we were shown and could verify, and the rejected ones within a limit. Durable, so a re-import next week is still a duplicate. */
export function openWebhookLog(file: string, retention: RetentionLimits = DEFAULT_RETENTION): WebhookLog {
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
  CREATE INDEX IF NOT EXISTS deliveries_dedupe ON deliveries (dedupe_key, status);
  CREATE INDEX IF NOT EXISTS deliveries_status ON deliveries (status, seq);
  CREATE INDEX IF NOT EXISTS deliveries_profile ON deliveries (profile_id, seq);`);
  const have = new Set((db.pragma('table_info(deliveries)') as Array<{ name: string }>).map((c) => c.name));
  for (const column of ADDED_COLUMNS)
    if (!have.has(column.split(' ')[0]!)) db.exec(`ALTER TABLE deliveries ADD COLUMN ${column}`);

  const insert = db.prepare(`INSERT INTO deliveries
    (id, dedupe_key, status, profile_id, raw_body, signature, received_at, source, verified, duplicate, event, applied_to, note, rejection, ids, mismatch)
    VALUES (@id, @dedupeKey, @status, @profileId, @rawBody, @signature, @receivedAt, @source, @verified, @duplicate, @event, @appliedTo, @note, @rejection, @ids, @mismatch)`);
  const settled = db.prepare(
    "SELECT 1 FROM deliveries WHERE dedupe_key = ? AND status IN ('applied', 'recorded') LIMIT 1",
  );
  const parked = db.prepare(
    "SELECT id, profile_id, raw_body, signature FROM deliveries WHERE status = 'parked' ORDER BY seq DESC LIMIT ?",
  );
  const applied = db.prepare(
    "UPDATE deliveries SET status = 'applied', applied_to = ?, raw_body = NULL, signature = NULL, note = ? WHERE id = ? AND status = 'parked'",
  );
  // The body stays for a person to read; the row now counts as rejected evidence, never as a duplicate.
  const refused = db.prepare(
    "UPDATE deliveries SET status = 'rejected', verified = 0, rejection = 'signature-mismatch', note = ? WHERE id = ? AND status = 'parked'",
  );
  const recent = db.prepare('SELECT * FROM deliveries ORDER BY seq DESC LIMIT ?');
  const recentOf = db.prepare('SELECT * FROM deliveries WHERE profile_id = ? ORDER BY seq DESC LIMIT ?');
  const pruneRejected = db.prepare(`DELETE FROM deliveries WHERE status = 'rejected' AND seq NOT IN
    (SELECT seq FROM deliveries WHERE status = 'rejected' ORDER BY seq DESC LIMIT ?)`);
  const pruneAll = db.prepare(`DELETE FROM deliveries WHERE status != 'parked' AND seq NOT IN
    (SELECT seq FROM deliveries WHERE status != 'parked' ORDER BY seq DESC LIMIT ?)`);
  const total = db.prepare('SELECT COUNT(*) AS n FROM deliveries');

  const toDelivery = (row: Row): WebhookDelivery => {
    const ids = readJson(row.ids, WebhookIds);
    const mismatch = readJson(row.mismatch, MismatchDetail);
    return {
      id: row.id,
      profileId: row.profile_id,
      receivedAt: row.received_at,
      source: row.source,
      verified: row.verified === 1,
      duplicate: row.duplicate === 1,
      event: row.event,
      appliedTo: row.applied_to,
      note: row.note,
      rejection: row.rejection ?? (row.duplicate === 1 ? 'duplicate' : null),
      ...(ids ? { ids } : {}),
      ...(mismatch ? { mismatch } : {}),
    };
  };

  return {
    hasSettled: async (dedupeKey) => settled.get(dedupeKey) !== undefined,
    async record(delivery, meta) {
      insert.run({
        ...delivery,
        ...meta,
        // Only a parked delivery needs its body again; the others are done with.
        rawBody: meta.status === 'parked' ? meta.rawBody : null,
        signature: meta.status === 'parked' ? (meta.signature ?? null) : null,
        verified: delivery.verified ? 1 : 0,
        duplicate: delivery.duplicate ? 1 : 0,
        rejection: delivery.rejection ?? null,
        ids: delivery.ids ? JSON.stringify(delivery.ids) : null,
        mismatch: delivery.mismatch ? JSON.stringify(delivery.mismatch) : null,
      });
    },
    async batch(fn) {
      // One transaction around work that awaits (the journal answers by promise). Anything else this
      // connection writes meanwhile (a receiver's delivery) joins it and commits with it.
      db.exec('BEGIN IMMEDIATE');
      try {
        const result = await fn();
        db.exec('COMMIT');
        return result;
      } catch (error) {
        if (db.inTransaction) db.exec('ROLLBACK');
        throw error;
      }
    },
    parked: async (limit = 500) =>
      (
        parked.all(limit) as Array<{
          id: string;
          profile_id: string;
          raw_body: string;
          signature: string | null;
        }>
      ).map((r) => ({
        id: r.id,
        profileId: r.profile_id,
        rawBody: r.raw_body,
        signature: r.signature,
      })),
    markApplied: async (id, appliedTo) =>
      void applied.run(appliedTo, 'Applied when its journal entry became known.', id),
    markRefused: async (id, note) => void refused.run(note, id),
    list: async (profileId, limit = 200) =>
      ((profileId === undefined ? recent.all(limit) : recentOf.all(profileId, limit)) as Row[]).map(
        toDelivery,
      ),
    prune: async () =>
      db.transaction(
        () => pruneRejected.run(retention.maxRejected).changes + pruneAll.run(retention.maxRows).changes,
      )(),
    count: async () => (total.get() as { n: number }).n,
    close: async () => void db.close(),
  };
}
