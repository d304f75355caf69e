/**
 * The desk's small stores beside the journal, as the rest of main sees them. Each is this desk's
 * own (a data-folder file today); none holds money or anything the chain vouches for.
 */

/** The labels people give wallets, keyed by the wallet's journal entry id. */
export interface WalletLabelStore {
  get(journalId: string): Promise<string | null>;
  set(journalId: string, label: string): Promise<void>;
}

/** One point of a profile's total USD valuation over time (the overview's chart). */
export interface BalancePoint {
  at: string;
  totalUsd: string;
}

/** A profile's valuation history, bounded. Read per request and written per refresh, in memory first. */
export interface BalanceHistoryStore {
  points(): BalancePoint[];
  /** Keeps one point a minute (plus the newest); returns nothing, the file is replaced atomically. */
  record(point: BalancePoint, minGapMs?: number): void;
}
