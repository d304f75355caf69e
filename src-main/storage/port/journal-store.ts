import type { EntryFilter, EntryPage, PageRequest } from './query-types';
import type { Pair } from './recon-types';
import type { RateRecord } from './rate-record';
import type { DepositEvent, DepositRecord } from './deposit-record';
import type { ReconFactsStore, SessionsStore } from './recon-store';
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
} from './types';

export interface InvoiceRef {
  profileId: string;
  invoiceId?: string;
  invoiceCode?: string;
  orderId?: string;
}

/** An answer that arrived but could not be written (full disk), kept outside the storage meanwhile. */
export interface HeldAnswer {
  journalId: number;
  input: SettleInput;
}

/** A CSV snapshot of the journal (or of the entries a filter selects), taken when it was asked for. */
export interface CsvExport {
  /** Entries in the file (not lines: a quoted cell may hold line breaks of its own). */
  readonly rows: number;
  /** The file in pieces, the header first, oldest entries first; the store keeps working between pieces. */
  pieces(): AsyncIterable<string>;
  /** The whole file in one step, which no write can interleave. */
  text(): Promise<string>;
  /** Whether the journal changed since this export was taken (its file would mix two moments). */
  changed(): Promise<boolean>;
}

/** What opening found, fixed for the life of the open store. */
export interface OpenReport {
  /** This desk's id: entries it writes carry it; recovery at open touches only its rows. */
  readonly deskId: string;
  /** Ids of this desk's rows that were still `sending` when the store was opened (now `unknown`). */
  readonly recovered: readonly number[];
  /** What the check against the keychain's record found at open, in words (null: as recorded). */
  readonly chainProblem: string | null;
  /** Ids of the held answers given at open that are now recorded (or were already). */
  readonly settledAtOpen: readonly number[];
  /**
   * Set, to the words a person is shown, when the store was written by a newer app and is open
   * read-only: every write is refused with JournalError 'newer-schema' in these words. Null or
   * absent: writable.
   */
  readonly readOnly?: string | null;
}

export interface StorageDiagnostics {
  journalMode: string;
  synchronous: 'FULL' | 'other';
  schemaVersion: number;
}

/**
 * The desk's journal as every other part of main sees it: entries with their events and hash chain,
 * pages and search, export, and the reconciliation facts and sessions. Domain types only; an
 * implementation (storage/sqlite today) is chosen by the composition root. Every write has been made
 * durable when its promise resolves: `begin` above all, since a request is sent only after it.
 */
export interface JournalStore extends OpenReport {
  /** Records the intent durably; send the request only after this resolves. */
  begin(operation: Operation, input: BeginInput): Promise<number>;
  settle(id: number, input: SettleInput): Promise<JournalEntry>;
  resolve(id: number, input: ResolveInput): Promise<JournalEntry>;
  /** With profileId, only that profile's entries match (ids are unique per merchant account). */
  applyWithdrawalEvent(
    withdrawalId: string,
    event: WithdrawalEvent,
    payload: unknown,
    profileId?: string,
  ): Promise<ApplyResult>;
  applyInvoiceEvent(ref: InvoiceRef, event: InvoiceEvent, payload: unknown): Promise<ApplyResult>;
  get(id: number): Promise<JournalEntry | null>;
  list(query?: ListQuery): Promise<JournalEntry[]>;
  events(id: number): Promise<JournalEvent[]>;
  findUnknown(): Promise<JournalEntry[]>;
  /** Withdrawals accepted with an answer that carried no withdrawal_id: only a webhook can name them. */
  findAcceptedWithoutWithdrawalId(profileId: string): Promise<JournalEntry[]>;
  /** Gives such an entry the id a verified webhook named; `reason` says why it is this entry. */
  attachWithdrawalId(id: number, withdrawalId: string, reason: string): Promise<JournalEntry>;
  /** Adds how a movement of the entry was valued (a `rate` event) to its chain; the row is unchanged. */
  recordRate(id: number, record: RateRecord): Promise<void>;
  /**
   * Adds a wallet deposit and how it was valued to the chain, as an event of no entry; false (and
   * nothing written) when the profile's deposit with this key is already recorded.
   */
  recordDeposit(record: DepositRecord): Promise<boolean>;
  /** A profile's recorded deposits whose events are before `before` (ISO, excluded), oldest first. */
  deposits(profileId: string, before: string): Promise<DepositEvent[]>;
  /** One page of the filtered journal, newest first, with how many match. */
  page(filter: EntryFilter, page: PageRequest): Promise<EntryPage>;
  /** A profile's entries still open, however old: outcome unknown, and withdrawals still settling. */
  openEntries(profileId: string): Promise<{ unknown: JournalEntry[]; settling: JournalEntry[] }>;
  /** The coin and network pairs in the journal (of one profile, when given). */
  pairs(profileId?: string): Promise<Pair[]>;
  verifyChain(): Promise<ChainCheck>;
  /**
   * The same check in slices that let other work through (the first check after start-up). Once it
   * finds the chain whole, later checks replay only what is new. Null when a check made meanwhile or
   * closing the store stopped it.
   */
  verifyChainGradually(): Promise<ChainCheck | null>;
  /** The chain from its start up to this entry's newest event, and the entry against it. */
  verifyChainUpTo(id: number): Promise<ChainCheck>;
  /** The journal (or the entries a filter selects) as CSV, one row per entry. */
  exportCsv(filter?: EntryFilter): Promise<CsvExport>;
  /** Reconciliation: balance snapshots, reported movements, and sessions recorded in the chain. */
  readonly reconciliation: { facts: ReconFactsStore; sessions: SessionsStore };
  /** For a diagnostics screen and tests: the durability settings actually in force. */
  diagnostics(): Promise<StorageDiagnostics>;
  close(): Promise<void>;
}
