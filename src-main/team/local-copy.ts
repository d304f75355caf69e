import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

/** A chain position this desk verified itself: the event at `seq` had hash `hash`. */
export interface ChainPosition {
  seq: number;
  hash: string;
}

/** One entry row as the server last showed it (md.entries' columns, change_seq among them). */
export type SyncedRow = Record<string, unknown> & {
  id: number | string;
  change_seq: number | string;
  state: string;
};

export interface AppliedChange {
  id: number;
  changeSeq: number;
}

export interface LocalCopy {
  /** Applies rows seen on the server and moves the verified position, in ONE local transaction. */
  apply(rows: readonly SyncedRow[], position: ChainPosition, asOf: string): AppliedChange[];
  position(): ChainPosition;
  /** The highest change_seq this copy holds (0 when empty): the catch-up's `> last`. */
  lastSeq(): number;
  /** When the server was last seen whole (ISO UTC), or null before the first sync. */
  asOf(): string | null;
  /** Entries newest first, without intents (the port's reads never show them). */
  entries(options?: { limit?: number; beforeId?: number }): Record<string, unknown>[];
  entry(id: number): Record<string, unknown> | null;
  close(): void;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS entries (
  id INTEGER PRIMARY KEY,
  change_seq INTEGER NOT NULL,
  state TEXT NOT NULL,
  row TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

/**
 * The desk's copy of the team's entries for viewing while the server is away: a small SQLite file in
 * the data folder. It is a cache, never a record: nothing is written to it but what the server
 * showed, and losing it costs a full catch-up. A row is replaced only by a newer version of itself
 * (a higher change_seq), so a change seen twice (a notice and a catch-up) is applied once.
 */
export function openLocalCopy(file: string): LocalCopy {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  db.pragma('trusted_schema = OFF');
  db.exec(SCHEMA);
  const upsert = db.prepare(
    `INSERT INTO entries (id, change_seq, state, row) VALUES (?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET change_seq = excluded.change_seq, state = excluded.state, row = excluded.row
     WHERE excluded.change_seq > entries.change_seq`,
  );
  const setMeta = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
  const getMeta = (key: string) =>
    (db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value ??
    null;
  const parse = (r: { row: string }) => JSON.parse(r.row) as Record<string, unknown>;

  const apply = db.transaction((rows: readonly SyncedRow[], position: ChainPosition, asOf: string) => {
    const applied: AppliedChange[] = [];
    for (const row of rows) {
      const id = Number(row.id);
      const changeSeq = Number(row.change_seq);
      if (upsert.run(id, changeSeq, row.state, JSON.stringify(row)).changes > 0)
        applied.push({ id, changeSeq });
    }
    setMeta.run('chain_seq', String(position.seq));
    setMeta.run('chain_hash', position.hash);
    setMeta.run('as_of', asOf);
    return applied;
  });

  return {
    apply: (rows, position, asOf) => apply(rows, position, asOf),
    position: () => ({
      seq: Number(getMeta('chain_seq') ?? 0),
      hash: getMeta('chain_hash') ?? '0'.repeat(64),
    }),
    asOf: () => getMeta('as_of'),
    lastSeq: () =>
      (db.prepare('SELECT coalesce(max(change_seq), 0) AS seq FROM entries').get() as { seq: number }).seq,
    entries({ limit = 100, beforeId } = {}) {
      const rows = db
        .prepare(`SELECT row FROM entries WHERE state <> 'intent' AND id < ? ORDER BY id DESC LIMIT ?`)
        .all(beforeId ?? Number.MAX_SAFE_INTEGER, limit) as { row: string }[];
      return rows.map(parse);
    },
    entry(id) {
      const found = db.prepare('SELECT row FROM entries WHERE id = ?').get(id) as { row: string } | undefined;
      return found ? parse(found) : null;
    },
    close: () => db.close(),
  };
}
