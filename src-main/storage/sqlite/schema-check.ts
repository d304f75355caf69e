import BetterSqlite3, { type Database } from 'better-sqlite3';
import { JournalError } from '../port/errors';
import { MIGRATIONS } from './migrations';

interface SchemaObject {
  type: string;
  name: string;
  sql: string | null;
}

const SCHEMA = 'SELECT type, name, sql FROM sqlite_schema ORDER BY name';

// SQLite's own objects (statistics, autoincrement counters, implicit indexes) are not ours to list.
const isInternal = (name: string) => name.startsWith('sqlite_');

/** The schema the migrations write at each version, from running them on an empty database. */
let expected: Map<string, SchemaObject>[] | null = null;
function expectedAt(version: number): Map<string, SchemaObject> {
  if (!expected) {
    const scratch = new BetterSqlite3(':memory:');
    try {
      const read = () => new Map((scratch.prepare(SCHEMA).all() as SchemaObject[]).map((o) => [o.name, o]));
      expected = [read()];
      for (const step of MIGRATIONS) {
        step(scratch);
        expected.push(read());
      }
    } finally {
      scratch.close();
    }
  }
  return expected[version] ?? new Map();
}

/**
 * Refuses a journal whose schema holds anything the migrations did not write: a trigger, a view, a
 * table or an index added by someone who can write the file would run inside the app's own writes
 * (turning an `unknown` withdrawal into `rejected` before it is sealed, for one). Triggers, views and
 * indexes must match the migrations' text exactly; tables are checked by name, since a column added
 * to a table changes nothing the chain relies on (it seals a fixed list of columns).
 */
export function checkSchema(db: Database, version: number): void {
  // A newer journal's extra objects are the newer app's; it opens read-only (read-only.ts), and with no
  // write to run in, a trigger has nothing to fire on.
  if (version > MIGRATIONS.length) return;
  const known = expectedAt(version);
  const present = db.prepare(SCHEMA).all() as SchemaObject[];
  const names = new Set(present.map((o) => o.name));
  const missing = [...known.keys()].find((name) => !names.has(name));
  if (missing !== undefined)
    throw new JournalError(
      'invalid',
      `The journal lacks "${missing}", which Merchant Desk created in it; the journal was not opened. Move the file aside, or ask support to look at it.`,
    );
  for (const found of present) {
    if (isInternal(found.name)) continue;
    const ours = known.get(found.name);
    const same =
      ours !== undefined && ours.type === found.type && (found.type === 'table' || ours.sql === found.sql);
    if (!same)
      throw new JournalError(
        'invalid',
        `The journal holds a ${found.type} "${found.name}" that Merchant Desk did not create; it could change what the app records, so the journal was not opened. Move the file aside, or ask support to look at it.`,
      );
  }
}
