import type { TeamCopyStore } from '../storage/port/team-copy';

/** A chain position this desk verified itself: the event at `seq` had hash `hash`. */
export interface ChainPosition {
  seq: number;
  hash: string;
}

/** One entry row as the server last showed it (md.entries' columns, change_seq among them). */
export type SyncedRow = Record<string, unknown> & {
  id: number | string;
  change_seq: number | string;
  state: string;
};

export interface AppliedChange {
  id: number;
  changeSeq: number;
}

export interface LocalCopy {
  /** Applies rows seen on the server and moves the verified position, in ONE local transaction. */
  apply(rows: readonly SyncedRow[], position: ChainPosition, asOf: string): AppliedChange[];
  position(): ChainPosition;
  /** The highest change_seq this copy holds (0 when empty): the catch-up's `> last`. */
  lastSeq(): number;
  /** When the server was last seen whole (ISO UTC), or null before the first sync. */
  asOf(): string | null;
  /** Entries newest first, without intents (the port's reads never show them). */
  entries(options?: { limit?: number; beforeId?: number }): Record<string, unknown>[];
  entry(id: number): Record<string, unknown> | null;
  close(): void;
}

const INTENT = 'intent';
const GENESIS: ChainPosition = { seq: 0, hash: '0'.repeat(64) };

/**
 * The desk's copy of the team's entries for viewing while the server is away, kept in a store of its
 * own (the composition root picks it: a small SQLite file in the data folder). It is a cache, never a
 * record: nothing is written to it but what the server showed, and losing it costs a full catch-up. A
 * row is replaced only by a newer version of itself (a higher change_seq), so a change seen twice (a
 * notice and a catch-up) is applied once.
 */
export function openLocalCopy(store: TeamCopyStore): LocalCopy {
  return {
    apply: (rows, position, asOf) =>
      store
        .put(
          rows.map((row) => ({
            id: Number(row.id),
            changeSeq: Number(row.change_seq),
            state: row.state,
            row,
          })),
          { chain_seq: String(position.seq), chain_hash: position.hash, as_of: asOf },
        )
        .map(({ id, changeSeq }) => ({ id, changeSeq })),
    position: () => ({
      seq: Number(store.value('chain_seq') ?? GENESIS.seq),
      hash: store.value('chain_hash') ?? GENESIS.hash,
    }),
    asOf: () => store.value('as_of'),
    lastSeq: () => store.lastChangeSeq(),
    entries: ({ limit = 100, beforeId } = {}) => store.list({ limit, beforeId, except: INTENT }),
    entry: (id) => store.row(id),
    close: () => store.close(),
  };
}
