import { createHash } from 'node:crypto';
import { encodeEntry, stableStringify } from './chain-rules';

/**
 * What an entry's newest event recorded about it, and the rule it is compared by: a sealed (v2)
 * snapshot is kept as the SHA-256 of its fixed encoding, an old unsealed one as the row it recorded.
 */
export type Snapshot = Buffer | { legacyRow: Record<string, unknown> | null };

const DIGEST = 32;

export const digestOf = (row: unknown): Buffer => createHash('sha256').update(stableStringify(row)).digest();

/** Whether the row as stored matches its snapshot (an old one: by the columns it recorded). */
export function rowMatches(snapshot: Snapshot, row: Record<string, unknown>): boolean {
  if (Buffer.isBuffer(snapshot)) return snapshot.equals(digestOf(encodeEntry(row)));
  const recorded = snapshot.legacyRow ?? {};
  const picked = Object.fromEntries(Object.keys(recorded).map((k) => [k, row[k]]));
  return stableStringify(recorded) === stableStringify(picked);
}

/**
 * The snapshot of every entry a replay has seen. A year of entries is a hundred thousand of them, and
 * entry ids are the table's own integer keys, dense from 1: a sealed snapshot's digest lives at its
 * id's place in one buffer, and one byte per id says whether it is held. No object and no map entry
 * per entry: a Map from id to slot cost ~10 MB of V8 heap at a hundred thousand (most of it the
 * garbage of its own growth), three times what the digests need. Old unsealed snapshots, and ids far
 * beyond the range expected (a damaged file), are kept in a map instead.
 */
export class EntrySnapshots {
  private digests: Buffer;
  private held: Uint8Array;
  private others = new Map<number, Snapshot>();

  /** `expectedMaxId`: the largest entry id the replay will meet (the table's max), to size it once. */
  constructor(expectedMaxId = 0) {
    const size = Math.max(1024, Math.min(expectedMaxId, MAX_PRESIZE) + 1);
    this.held = new Uint8Array(size);
    this.digests = Buffer.alloc(size * DIGEST);
  }

  record(entryId: number, snapshot: Snapshot): void {
    if (Buffer.isBuffer(snapshot) && this.fits(entryId)) {
      this.others.delete(entryId);
      snapshot.copy(this.digests, entryId * DIGEST);
      this.held[entryId] = 1;
      return;
    }
    if (entryId < this.held.length) this.held[entryId] = 0;
    this.others.set(entryId, Buffer.isBuffer(snapshot) ? Buffer.from(snapshot) : snapshot);
  }

  get(entryId: number): Snapshot | undefined {
    if (this.held[entryId] === 1) return this.digests.subarray(entryId * DIGEST, (entryId + 1) * DIGEST);
    return this.others.get(entryId);
  }

  has(entryId: number): boolean {
    return this.held[entryId] === 1 || this.others.has(entryId);
  }

  /** Forgets an entry once it has been compared. */
  delete(entryId: number): void {
    if (entryId < this.held.length) this.held[entryId] = 0;
    this.others.delete(entryId);
  }

  /** The entries still held: sealed ones by id, then the others in the order first seen. */
  *ids(): IterableIterator<number> {
    for (let id = 0; id < this.held.length; id++) if (this.held[id] === 1) yield id;
    yield* this.others.keys();
  }

  /**
   * Whether an id has a place in the buffer, growing it (doubling) for an id near its end: a journal
   * written during a gradual check outgrows the size taken at its start. An id far beyond stays out.
   */
  private fits(entryId: number): boolean {
    if (!Number.isSafeInteger(entryId) || entryId < 0) return false;
    if (entryId < this.held.length) return true;
    if (entryId >= this.held.length * 2) return false;
    const size = this.held.length * 2;
    const held = new Uint8Array(size);
    held.set(this.held);
    const digests = Buffer.alloc(size * DIGEST);
    this.digests.copy(digests);
    this.held = held;
    this.digests = digests;
    return true;
  }
}

/** A damaged file could claim any id: beyond this many, the buffer is not sized for it up front. */
const MAX_PRESIZE = 2_000_000;
