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
 * The snapshot of every entry a replay has seen. A year of entries is a hundred thousand of them: the
 * digests live side by side in one growing buffer, and the map holds only small integers (entry id to
 * slot), so the replay keeps no object per entry. Objects that survive pile up in V8's heap and made a
 * full check grow the process by ~35 MB more than the digests themselves need.
 */
export class EntrySnapshots {
  private digests = Buffer.alloc(DIGEST * 1024);
  private slots = new Map<number, number>();
  private legacy = new Map<number, Record<string, unknown> | null>();
  private used = 0;

  record(entryId: number, snapshot: Snapshot): void {
    if (!Buffer.isBuffer(snapshot)) {
      this.slots.delete(entryId);
      this.legacy.set(entryId, snapshot.legacyRow);
      return;
    }
    this.legacy.delete(entryId);
    let slot = this.slots.get(entryId);
    if (slot === undefined) {
      slot = this.used++;
      if (this.used * DIGEST > this.digests.length) {
        const grown = Buffer.alloc(this.digests.length * 2);
        this.digests.copy(grown);
        this.digests = grown;
      }
      this.slots.set(entryId, slot);
    }
    snapshot.copy(this.digests, slot * DIGEST);
  }

  get(entryId: number): Snapshot | undefined {
    const slot = this.slots.get(entryId);
    if (slot !== undefined) return this.digests.subarray(slot * DIGEST, (slot + 1) * DIGEST);
    return this.legacy.has(entryId) ? { legacyRow: this.legacy.get(entryId) ?? null } : undefined;
  }

  has(entryId: number): boolean {
    return this.slots.has(entryId) || this.legacy.has(entryId);
  }

  /** Forgets an entry once it has been compared; its slot is not reused (a replay only grows). */
  delete(entryId: number): void {
    this.slots.delete(entryId);
    this.legacy.delete(entryId);
  }

  /** The entries still held, in the order first seen (sealed ones, then old ones). */
  *ids(): IterableIterator<number> {
    yield* this.slots.keys();
    yield* this.legacy.keys();
  }
}
