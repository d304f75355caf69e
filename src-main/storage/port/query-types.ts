import type { InvoiceStanding } from '@shared/domain/journal';
import type { EntryState, JournalEntry, Operation } from './types';

/** Which rows to read; the contract's JournalFilter after zod (codes lower-case, times ISO in UTC). */
export interface EntryFilter {
  profileId?: string;
  operation?: Operation;
  state?: EntryState;
  from?: string;
  to?: string;
  coin?: string;
  network?: string;
  text?: string;
  /** Invoices by what became of them (the contract's InvoiceStanding). */
  invoice?: InvoiceStanding;
  /** Leave out a 409 refusal of an order that has its own listed entry (created, or unknown). */
  hideOrderRepeats?: boolean;
}

export interface PageRequest {
  offset: number;
  limit: number;
  /** Only entries up to this id: paging stays put while new entries arrive. */
  anchor?: number;
  /**
   * Keyset cursor: only entries older than this id (the last one on the previous page). The next page
   * is then found through the index instead of stepping over `offset` rows; offset counts from here.
   */
  before?: number;
}

export interface EntryPage {
  entries: JournalEntry[];
  /** Matching entries up to the anchor; a lower bound when `totalIsCapped`. */
  total: number;
  anchor: number;
  /** Matching entries newer than the anchor; a lower bound when `newerIsCapped`. */
  newer: number;
  /**
   * A store may stop counting some way past the page asked for (the team ledger does, at a million
   * entries): then there are more than `total`. Absent: the count is exact.
   */
  totalIsCapped?: boolean;
  newerIsCapped?: boolean;
}
