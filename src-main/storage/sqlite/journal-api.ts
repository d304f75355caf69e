import type { Database } from 'better-sqlite3';
import type { JournalChain } from '../chain-seal';
import type { CsvExport } from './csv';
import type { EntryFilter, EntryPage, PageRequest } from './query';
import type { ReconFacts } from './recon-facts';
import type { Pair } from '../port/recon-types';
import type { Sessions } from './sessions';
import type {
  ApplyResult,
  BeginInput,
  ChainCheck,
  InvoiceEvent,
  JournalEntry,
  JournalEvent,
  ListQuery,
  Operation,
  ResolveInput,
  SettleInput,
  WithdrawalEvent,
} from '../port/types';
import type { HeldAnswer, InvoiceRef } from '../port/journal-store';

/** What an open journal offers; openJournal (journal.ts) makes one. */
export interface Journal {
  /** Records the intent durably; send the request only after this returns. */
  begin(operation: Operation, input: BeginInput): number;
  settle(id: number, input: SettleInput): JournalEntry;
  resolve(id: number, input: ResolveInput): JournalEntry;
  /** With profileId, only that profile's entries match (ids are unique per merchant account). */
  applyWithdrawalEvent(
    withdrawalId: string,
    event: WithdrawalEvent,
    payload: unknown,
    profileId?: string,
  ): ApplyResult;
  applyInvoiceEvent(ref: InvoiceRef, event: InvoiceEvent, payload: unknown): ApplyResult;
  get(id: number): JournalEntry | null;
  list(query?: ListQuery): JournalEntry[];
  events(id: number): JournalEvent[];
  findUnknown(): JournalEntry[];
  /** Withdrawals accepted with an answer that carried no withdrawal_id: only a webhook can name them. */
  findAcceptedWithoutWithdrawalId(profileId: string): JournalEntry[];
  /** Gives such an entry the id a verified webhook named; `reason` says why it is this entry. */
  attachWithdrawalId(id: number, withdrawalId: string, reason: string): JournalEntry;
  /** One page of the filtered journal, newest first, with how many match. */
  page(filter: EntryFilter, page: PageRequest): EntryPage;
  /** A profile's entries still open, however old: outcome unknown, and withdrawals still settling. */
  openEntries(profileId: string): { unknown: JournalEntry[]; settling: JournalEntry[] };
  /** The coin and network pairs in the journal (of one profile, when given). */
  pairs(profileId?: string): Pair[];
  verifyChain(): ChainCheck;
  /**
   * The same check in slices, pausing between them (after start-up: a year of history must not hold
   * main for seconds). Once it finds the chain whole, later checks replay only what is new. Null when
   * a check made meanwhile or closing the journal stopped it.
   */
  verifyChainGradually(pause: () => Promise<void>): Promise<ChainCheck | null>;
  /** The chain from its start up to this entry's newest event, and the entry against it. */
  verifyChainUpTo(id: number): ChainCheck;
  /** The journal (or the entries a filter selects) as CSV, one row per entry, with the count. */
  exportCsv(filter?: EntryFilter): CsvExport;
  /** Reconciliation: balance snapshots, reported movements, and sessions recorded in the chain. */
  readonly reconciliation: { facts: ReconFacts; sessions: Sessions };
  /** For a diagnostics screen and tests: the durability settings actually in force. */
  diagnostics(): { journalMode: string; synchronous: 'FULL' | 'other'; schemaVersion: number };
  /** The desk whose entries this connection writes (and whose in-flight rows it recovered at open). */
  readonly deskId: string;
  /** Ids of this desk's rows that were still `sending` when this journal was opened (now `unknown`). */
  readonly recovered: readonly number[];
  /** What the check against the keychain's record found at open, in words (null: as recorded). */
  readonly chainProblem: string | null;
  /** Ids of the held answers given at open that are now recorded (or were already). */
  readonly settledAtOpen: readonly number[];
  close(): void;
}

export type { HeldAnswer, InvoiceRef } from '../port/journal-store';

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
