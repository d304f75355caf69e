import type { Database } from 'better-sqlite3';
import type { EntryRow } from './rows';

/** What the journal's parts share of one open journal: its connection, its clock and its writer. */
export interface JournalContext {
  db: Database;
  now: () => string;
  /** Runs `fn` in one immediate transaction; the chain's record is updated after it commits. */
  write: <T>(fn: () => T) => T;
}

export interface EntryContext extends JournalContext {
  /** The entry's row; a JournalError 'not-found' when there is none. */
  row: (id: number) => EntryRow;
}
