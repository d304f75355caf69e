import type { Database } from 'better-sqlite3';
import { JournalError } from '../port/errors';
import { entryColumnsSql } from '../port/entry-table';

/**
 * The entry's ids, codes and address, which the free-text search looks through (query.ts, with two
 * fields of the stored answer). Migration 5's search index is written from this list, and a shipped
 * migration must never change (schema-check.ts refuses a journal whose triggers differ from what the
 * migrations write): a column the search should also find goes in query.ts, not here.
 */
export const SEARCHED_ID_COLUMNS = [
  'order_id',
  'invoice_id',
  'invoice_code',
  'withdrawal_id',
  'wallet_id',
  'card_order_id',
  'to_address',
] as const;

/**
 * What the free-text search looks through, of one row, as one string. The search's exact match
 * re-checks each column, so this only has to hold at least what that match can find.
 */
const SEARCH_TEXT = (row: 'new') =>
  `concat_ws(char(31), ${SEARCHED_ID_COLUMNS.map((c) => `${row}.${c}`).join(
    ', ',
  )}, CASE WHEN json_valid(${row}.response_json) THEN json_extract(${row}.response_json, '$.address') END,
    CASE WHEN json_valid(${row}.response_json) THEN json_extract(${row}.response_json, '$.wallet_address') END)`;

/**
 * Indexes every entry for search at once (migration 5, and bulk loads that set the triggers aside:
 * FTS5 flushes on every trigger run, so row-by-row indexing of a bulk load is many times slower).
 */
export const FILL_SEARCH = `INSERT INTO entries_search (rowid, text) SELECT new.id, ${SEARCH_TEXT('new')} FROM entries AS new;`;

/**
 * Schema changes, in order; PRAGMA user_version records how many have run. Never edit a shipped
 * migration: journals in the field have already run it. Add a new one instead (and pin its SQL's
 * hash in test/unit/storage/migrations-frozen.test.ts, which holds every one to the byte).
 */
export const MIGRATIONS: readonly ((db: Database) => void)[] = [
  (db) =>
    db.exec(`
      CREATE TABLE entries (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
${entryColumnsSql('TEXT', '        ')}
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
  // Reconciliation: per-asset balance snapshots, the money movements verified webhooks reported, and
  // sessions with their reviewed items. Sessions are recorded in the hash chain as events about no
  // entry, so events.entry_id becomes nullable: the table is copied as is (every hashed column keeps
  // its value, so the chain still verifies) and the foreign key to entries is kept for the others.
  (db) =>
    db.exec(`
      CREATE TABLE events_v4 (
        seq INTEGER PRIMARY KEY,
        entry_id INTEGER REFERENCES entries (id),
        type TEXT NOT NULL,
        at TEXT NOT NULL,
        content TEXT NOT NULL,
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL
      );
      INSERT INTO events_v4 (seq, entry_id, type, at, content, prev_hash, hash)
        SELECT seq, entry_id, type, at, content, prev_hash, hash FROM events ORDER BY seq;
      DROP TABLE events;
      ALTER TABLE events_v4 RENAME TO events;
      CREATE INDEX events_entry ON events (entry_id, seq);

      CREATE TABLE balance_snapshots (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        profile_id TEXT NOT NULL,
        coin TEXT NOT NULL,
        network TEXT NOT NULL,
        total TEXT NOT NULL,
        available TEXT,
        frozen TEXT,
        at TEXT NOT NULL
      );
      CREATE INDEX balance_snapshots_pair ON balance_snapshots (profile_id, coin, network, at);

      CREATE TABLE recon_movements (
        profile_id TEXT NOT NULL,
        key TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('invoice-credit', 'wallet-deposit', 'withdrawal-debit', 'withdrawal-release')),
        coin TEXT NOT NULL,
        network TEXT NOT NULL,
        amount TEXT NOT NULL,
        effect TEXT NOT NULL,
        at TEXT NOT NULL,
        entry_id INTEGER,
        outside INTEGER NOT NULL CHECK (outside IN (0, 1)),
        source TEXT NOT NULL,
        PRIMARY KEY (profile_id, key)
      );
      CREATE INDEX recon_movements_at ON recon_movements (profile_id, at);

      CREATE TABLE recon_sessions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        profile_id TEXT NOT NULL,
        environment TEXT NOT NULL CHECK (environment IN ('sandbox', 'live')),
        from_at TEXT NOT NULL,
        to_at TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('open', 'closed')),
        started_at TEXT NOT NULL,
        closed_at TEXT,
        closed_by TEXT,
        close_note TEXT,
        with_exceptions INTEGER CHECK (with_exceptions IS NULL OR with_exceptions IN (0, 1)),
        report_json TEXT
      );
      CREATE INDEX recon_sessions_profile ON recon_sessions (profile_id, id);

      CREATE TABLE recon_reviews (
        session_id INTEGER NOT NULL REFERENCES recon_sessions (id),
        item_key TEXT NOT NULL,
        note TEXT NOT NULL,
        by_name TEXT NOT NULL,
        at TEXT NOT NULL,
        PRIMARY KEY (session_id, item_key)
      );
    `),
  // Free-text search over a year of entries: a trigram index of each row's ids, order id, address and
  // code (the rowid is the entry's id), kept by triggers in the same transaction as the row. Nothing in
  // entries or events changes, so the hash chain is untouched.
  (db) =>
    db.exec(`
      CREATE VIRTUAL TABLE entries_search USING fts5(text, tokenize = 'trigram');
      ${FILL_SEARCH}
      CREATE TRIGGER entries_search_insert AFTER INSERT ON entries BEGIN
        INSERT INTO entries_search (rowid, text) VALUES (new.id, ${SEARCH_TEXT('new')});
      END;
      CREATE TRIGGER entries_search_update AFTER UPDATE ON entries BEGIN
        DELETE FROM entries_search WHERE rowid = old.id;
        INSERT INTO entries_search (rowid, text) VALUES (new.id, ${SEARCH_TEXT('new')});
      END;
      CREATE TRIGGER entries_search_delete AFTER DELETE ON entries BEGIN
        DELETE FROM entries_search WHERE rowid = old.id;
      END;
      -- The pair filter's choices per profile, read from the index alone.
      CREATE INDEX entries_profile_pair ON entries (profile_id, lower(coin), lower(network));
    `),
  // 6: what a reconciliation over a year reads on every view, found through indexes: a profile's
  // entries in one state (unknown ones, withdrawals still settling), and its movements in time order
  // with what the figures need of each (the old index left every view sorting tens of thousands of
  // rows by key, then reading each row; this one answers from the index alone).
  (db) =>
    db.exec(`
      CREATE INDEX entries_profile_state ON entries (profile_id, state, settlement);
      CREATE INDEX recon_movements_facts ON recon_movements (profile_id, at, key, coin, network, outside, effect);
      DROP INDEX recon_movements_at;
    `),
  // 7: a reconciliation reads each pair's movements between that pair's two snapshots, so they are
  // found by pair, then time, with what the figures need of each; 6's index ordered a profile's
  // movements by time alone, so every view read every movement's coin, network and time to sort them
  // into pairs and windows in code.
  (db) =>
    db.exec(`
      CREATE INDEX recon_movements_pair ON recon_movements (profile_id, coin, network, at, key, outside, effect);
      DROP INDEX recon_movements_facts;
    `),
  // 8: the search index merges its segments while the desk is idle (search-tidy.ts), not inside a
  // person's write: FTS5's automatic merge made one write in ten carry ~200 pages of merging. A level
  // that still reaches 64 segments (a long burst of writes) is merged at once, as before at 16.
  (db) =>
    db.exec(`
      INSERT INTO entries_search (entries_search, rank) VALUES ('automerge', 0);
      INSERT INTO entries_search (entries_search, rank) VALUES ('crisismerge', 64);
    `),
  // 9: the desk that wrote each entry. A shared ledger holds other desks' in-flight rows, which the
  // recovery at open must leave alone. Rows from before have none; the first open claims them for
  // its desk (claimUnowned), since until now one file only ever had one desk.
  (db) =>
    db.exec(`
      ALTER TABLE entries ADD COLUMN desk_id TEXT;
      CREATE INDEX entries_desk_state ON entries (desk_id, state);
    `),
  // 10: the address book (issue 26): named withdrawal destinations per profile. A removed entry keeps
  // its row (removed_at/by): the chain holds its history, and the team's book (issue 28) keeps it too.
  // One live entry per profile, pair and address, so "is this address in the book" has one answer.
  (db) =>
    db.exec(`
      CREATE TABLE address_book (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        profile_id TEXT NOT NULL,
        name TEXT NOT NULL,
        coin TEXT NOT NULL,
        network TEXT NOT NULL,
        address TEXT NOT NULL,
        note TEXT NOT NULL,
        added_at TEXT NOT NULL,
        added_by TEXT NOT NULL,
        removed_at TEXT,
        removed_by TEXT
      );
      CREATE UNIQUE INDEX address_book_current ON address_book (profile_id, coin, network, address)
        WHERE removed_at IS NULL;
    `),
  // 11: who started a reconciliation session (the signed-in OS user, issue 26 item 2). Sessions from
  // before have none, and their chained history has no such field (verifySessions allows for both).
  (db) => db.exec('ALTER TABLE recon_sessions ADD COLUMN started_by TEXT;'),
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
