import { existsSync } from 'node:fs';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { JournalError } from '../port/errors';
import { MIGRATIONS } from './migrations';

export const LOCKED_WORDS = 'The journal is in use by another Merchant Desk window; close it and try again.';

/** What a person is told of a journal newer than this app, and of every write it then refuses. */
export function newerJournalWords(found: number, known: number = MIGRATIONS.length): string {
  return `This journal was written by a newer version of Merchant Desk (schema ${found}; this app knows ${known}). It is open read-only: update the app to send, create or resolve anything.`;
}

/**
 * The journal's schema version when a newer app wrote it, read on a read-only connection so the
 * file is not touched; null when it is one this app knows, absent or in memory. A file that cannot
 * be read here (damaged, locked by another window) is null too: the usual open reports it in its words.
 */
export function newerSchemaOf(file: string): number | null {
  if (file === ':memory:' || !existsSync(file)) return null;
  try {
    const peek = new BetterSqlite3(file, { readonly: true, fileMustExist: true, timeout: 250 });
    try {
      const version = peek.pragma('user_version', { simple: true }) as number;
      return version > MIGRATIONS.length ? version : null;
    } finally {
      peek.close();
    }
  } catch {
    return null;
  }
}

/**
 * A connection that cannot write the file (SQLite refuses any write on it). Not held exclusively: a
 * read-only connection cannot keep a WAL journal's index in its own memory (SQLite answers "disk I/O
 * error"), and it keeps nothing in flight that another window could misread.
 */
export function openReadOnlyDatabase(file: string): Database {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true, timeout: 250 });
  try {
    db.pragma('trusted_schema = OFF');
    // A first read now: a desk holding the file exclusively is found here, not mid-screen.
    db.pragma('user_version', { simple: true });
    return db;
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') throw new JournalError('locked', LOCKED_WORDS);
    throw error;
  }
}

/** The store with the named methods refused in `words` (null: the store as it is, writable). */
export function refusingWrites<T extends object>(
  store: T,
  writes: readonly (keyof T)[],
  words: string | null,
): T {
  if (words === null) return store;
  const refused = Object.fromEntries(
    writes.map((name) => [
      name,
      () => {
        throw new JournalError('newer-schema', words);
      },
    ]),
  );
  return { ...store, ...refused };
}
