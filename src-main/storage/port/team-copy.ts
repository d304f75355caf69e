/**
 * The storage under the team ledger's offline copy (team/local-copy.ts): rows the server showed, each
 * kept under its id with the change number that orders its versions, and a few named values beside
 * them. It is a cache, never a record; what the rows and values mean is the team's business, not the
 * store's. Synchronous: the copy is small, and main reads it while it words the offline status.
 */
export interface CopiedRow {
  id: number;
  /** Orders the versions of one row: a higher one is newer. */
  changeSeq: number;
  state: string;
  /** The row as the server showed it; kept whole and given back equal. */
  row: Record<string, unknown>;
}

export interface TeamCopyStore {
  /**
   * Writes each row unless the store holds the same or a newer version of it (a changeSeq at least as
   * high), and sets the named values, all in ONE transaction: if any part fails, nothing is kept.
   * Returns the rows it wrote, in the order given.
   */
  put(rows: readonly CopiedRow[], values: Readonly<Record<string, string>>): CopiedRow[];
  /** A named value, or null when it was never set. */
  value(name: string): string | null;
  /** The highest changeSeq held, 0 when empty. */
  lastChangeSeq(): number;
  /** Rows by id, highest first, below `beforeId` when given, leaving out those in state `except`. */
  list(options: { limit: number; beforeId?: number; except: string }): Record<string, unknown>[];
  row(id: number): Record<string, unknown> | null;
  close(): void;
}

/** Opens the copy kept in `file` (made with its folder when missing), or, for null, an empty one kept nowhere. */
export type OpenTeamCopyStore = (file: string | null) => TeamCopyStore;
