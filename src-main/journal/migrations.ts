import type { Database } from 'better-sqlite3';
import { JournalError } from './errors';
import { OPERATIONS, SETTLEMENTS, STATES } from './types';

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * Schema changes, in order; PRAGMA user_version records how many have run. Never edit a shipped
 * migration: journals in the field have already run it. Add a new one instead.
 */
export const MIGRATIONS: readonly ((db: Database) => void)[] = [
  (db) =>
    db.exec(`
      CREATE TABLE entries (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        operation TEXT NOT NULL CHECK (operation IN (${list(OPERATIONS)})),
        profile_id TEXT NOT NULL,
        environment TEXT NOT NULL CHECK (environment IN ('sandbox', 'live')),
        state TEXT NOT NULL CHECK (state IN (${list(STATES)})),
        request_body TEXT NOT NULL,
        order_id TEXT, coin TEXT, network TEXT, amount TEXT, to_address TEXT, invoice_code TEXT,
        invoice_id TEXT, withdrawal_id TEXT, wallet_id TEXT, card_order_id TEXT,
        response_json TEXT, error_json TEXT,
        settlement TEXT CHECK (settlement IS NULL OR settlement IN (${list(SETTLEMENTS)})),
        invoice_status TEXT,
        override_reason TEXT,
        resolution_json TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX entries_state ON entries (state);
      CREATE INDEX entries_operation ON entries (operation, id);
      CREATE INDEX entries_order_id ON entries (order_id);
      CREATE INDEX entries_invoice_code ON entries (invoice_code);
      CREATE INDEX entries_withdrawal_match ON entries (operation, coin, network);
      -- One withdrawal id is one withdrawal: webhooks must never settle two rows.
      CREATE UNIQUE INDEX entries_withdrawal_id ON entries (withdrawal_id) WHERE withdrawal_id IS NOT NULL;

      -- Append-only, hash-chained history: each row's content includes a snapshot of the entry after
      -- the change, so editing either table is visible to verifyChain().
      CREATE TABLE events (
        seq INTEGER PRIMARY KEY,
        entry_id INTEGER NOT NULL REFERENCES entries (id),
        type TEXT NOT NULL,
        at TEXT NOT NULL,
        content TEXT NOT NULL,
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL
      );
      CREATE INDEX events_entry ON events (entry_id, seq);

      -- Webhook deliveries already applied (duplicate delivery is normal), keyed like X-Idempotency-Key.
      CREATE TABLE applied_webhooks (
        key TEXT PRIMARY KEY,
        entry_id INTEGER NOT NULL REFERENCES entries (id),
        event_seq INTEGER NOT NULL
      );
    `),
  // A withdrawal id is unique within one merchant account, not across profiles: a sandbox and a live
  // merchant (or a sandbox after a reset) can hand out the same id.
  (db) =>
    db.exec(`
      DROP INDEX entries_withdrawal_id;
      CREATE UNIQUE INDEX entries_withdrawal_id ON entries (profile_id, withdrawal_id) WHERE withdrawal_id IS NOT NULL;
    `),
  // The Journal screen filters by profile, period and pair over tens of thousands of rows. Indexes
  // only: the entries' columns stay as they are, so every hash-chain snapshot still matches its row.
  (db) =>
    db.exec(`
      CREATE INDEX entries_profile ON entries (profile_id, id);
      CREATE INDEX entries_created ON entries (created_at);
      CREATE INDEX entries_pair ON entries (lower(coin), lower(network));
    `),
];

export function schemaVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Runs the migrations this journal has not seen yet, each in its own transaction. */
export function migrate(db: Database, migrations: readonly ((db: Database) => void)[] = MIGRATIONS): number {
  const current = schemaVersion(db);
  if (current > migrations.length) {
    throw new JournalError(
      'newer-schema',
      `The journal was written by a newer version of Merchant Desk (schema ${current}, this app knows ${migrations.length}). Update the app; the journal was not changed.`,
    );
  }
  for (let version = current; version < migrations.length; version++) {
    const step = migrations[version];
    if (!step) continue;
    db.transaction(() => {
      step(db);
      db.pragma(`user_version = ${version + 1}`);
    }).immediate();
  }
  return schemaVersion(db);
}
