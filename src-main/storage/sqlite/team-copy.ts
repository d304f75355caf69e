import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { CopiedRow, OpenTeamCopyStore, TeamCopyStore } from '../port/team-copy';

// The file's tables as the first release made them: a desk's existing copy opens as it is.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS entries (
  id INTEGER PRIMARY KEY,
  change_seq INTEGER NOT NULL,
  state TEXT NOT NULL,
  row TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

/** The team's offline copy as a small SQLite file of its own in the data folder (not the journal's). */
export const openSqliteTeamCopy: OpenTeamCopyStore = (file) => {
  if (file !== null) mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const db = new BetterSqlite3(file ?? ':memory:');
  db.pragma('journal_mode = WAL');
  db.pragma('trusted_schema = OFF');
  db.exec(SCHEMA);
  const upsert = db.prepare(
    `INSERT INTO entries (id, change_seq, state, row) VALUES (?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET change_seq = excluded.change_seq, state = excluded.state, row = excluded.row
     WHERE excluded.change_seq > entries.change_seq`,
  );
  const setValue = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
  const getValue = db.prepare('SELECT value FROM meta WHERE key = ?');
  const parse = (r: { row: string }) => JSON.parse(r.row) as Record<string, unknown>;

  const put = db.transaction((rows: readonly CopiedRow[], values: Readonly<Record<string, string>>) => {
    const written: CopiedRow[] = [];
    for (const r of rows)
      if (upsert.run(r.id, r.changeSeq, r.state, JSON.stringify(r.row)).changes > 0) written.push(r);
    for (const [name, value] of Object.entries(values)) setValue.run(name, value);
    return written;
  });

  const store: TeamCopyStore = {
    put: (rows, values) => put(rows, values),
    value: (name) => (getValue.get(name) as { value: string } | undefined)?.value ?? null,
    lastChangeSeq: () =>
      (db.prepare('SELECT coalesce(max(change_seq), 0) AS seq FROM entries').get() as { seq: number }).seq,
    list({ limit, beforeId, except }) {
      const rows = db
        .prepare('SELECT row FROM entries WHERE state <> ? AND id < ? ORDER BY id DESC LIMIT ?')
        .all(except, beforeId ?? Number.MAX_SAFE_INTEGER, limit) as { row: string }[];
      return rows.map(parse);
    },
    row(id) {
      const found = db.prepare('SELECT row FROM entries WHERE id = ?').get(id) as { row: string } | undefined;
      return found ? parse(found) : null;
    },
    close: () => db.close(),
  };
  return store;
};
