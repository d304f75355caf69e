import type { Database } from 'better-sqlite3';
import type { JournalChain } from '../chain-seal';
import type { CsvExport } from './csv';
import type { EntryFilter } from './query';
import type { ReconFacts } from './recon-facts';
import type { Sessions } from './sessions';
import type { AddressBook } from './address-book';
import type { ChainCheck } from '../port/types';
import type { HeldAnswer, JournalStore, StorageDiagnostics } from '../port/journal-store';

/** A port's method answered at once, on the thread that owns the database. */
type Synchronous<F> = F extends (...args: infer A) => Promise<infer R> ? (...args: A) => R : F;

/** The port's operations whose synchronous form is the same call (the worker wraps each in a promise). */
type SameAsThePort = {
  [
    K in Exclude<
      keyof JournalStore,
      'verifyChainGradually' | 'exportCsv' | 'reconciliation' | 'diagnostics' | 'close'
    >
  ]: Synchronous<JournalStore[K]>;
};

/**
 * What an open journal offers on its own thread; openJournal (journal.ts) makes one, and the storage
 * worker serves it to main as the JournalStore port. Written once: the port's operations, answered at
 * once, plus the few that differ on this side.
 */
export interface Journal extends SameAsThePort {
  /**
   * The chain check in slices, pausing between them (after start-up: a year of history must not hold
   * its thread for seconds). Once it finds the chain whole, later checks replay only what is new. Null
   * when a check made meanwhile or closing the journal stopped it.
   */
  verifyChainGradually(pause: () => Promise<void>): Promise<ChainCheck | null>;
  /** The journal (or the entries a filter selects) as CSV, one row per entry, with the count. */
  exportCsv(filter?: EntryFilter): CsvExport;
  /** Reconciliation: balance snapshots, reported movements, and sessions recorded in the chain. */
  readonly reconciliation: { facts: ReconFacts; sessions: Sessions };
  /** For a diagnostics screen and tests: the durability settings actually in force. */
  diagnostics(): StorageDiagnostics;
  /** The desk's address book, its changes recorded in the chain. */
  readonly addressBook: AddressBook;
  close(): void;
}

export type { HeldAnswer } from '../port/journal-store';

export interface OpenJournalOptions {
  now?: () => Date;
  /** This install's desk id (desk-id.ts); without it, UNNAMED_DESK (unit tests, helper processes). */
  deskId?: string;
  /**
   * Answers kept in the side file while the disk was full. They are settled before interrupted rows
   * are marked unknown: a recorded answer beats "we do not know".
   */
  heldAnswers?: readonly HeldAnswer[];
  /**
   * The chain key and last recorded head from the keychain (loadJournalChain). The app always gives
   * it; without it the chain is checked but sealed by nothing secret (unit tests, helper processes).
   */
  chain?: JournalChain;
  /** For tests: runs on the open connection (e.g. `PRAGMA max_page_count` to fill the disk). */
  onOpen?: (db: Database) => void;
  /** A failure of the journal's idle housekeeping (merging its search index); nothing is lost by one. */
  onIdleError?: (error: unknown) => void;
}
