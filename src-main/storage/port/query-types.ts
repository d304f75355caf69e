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
  total: number;
  anchor: number;
  newer: number;
}
