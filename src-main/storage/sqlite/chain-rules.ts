import { createHash, createHmac } from 'node:crypto';
import { ENTRY_COLUMNS } from '../port/entry-row';

/**
 * The two rules an event's hash may follow.
 *
 * v1 (journals written before issue 12): sha256(prev + "\n" + content), the entry snapshot taken with
 * `SELECT *`. Anyone who can write the database can recompute it, so v1 events are accepted only as
 * the prefix the journal had when it was first opened by v2 code (the count is kept in the keychain
 * with the anchor, see chain-seal.ts); a v1 event after that is refused.
 *
 * v2: HMAC-SHA256 keyed with the journal's chain key (kept in the OS keychain, never in the database,
 * never logged, never sent to the renderer) over a tag, the previous hash and the content. The content
 * carries `v: 2` and a snapshot of the entry in a fixed encoding: the port's ENTRY_COLUMNS, by name,
 * under the tag ENTRY_ENCODING. A migration that adds a column changes nothing already hashed; to protect a new
 * column, add it under a new encoding tag and accept both when verifying.
 */
export const GENESIS_HASH = '0'.repeat(64);
export const CHAIN_VERSION = 2;
export const ENTRY_ENCODING = 'entry-v2';

/** The explicit column list, for `SELECT ${ENTRY_SELECT} FROM entries`: fixed names, never input. */
export const ENTRY_SELECT = ENTRY_COLUMNS.join(', ');

/**
 * Whether JSON.stringify alone already writes `value` as stableStringify would: an object whose keys
 * come in sorted order and whose values are all strings, numbers, booleans, null or undefined (both
 * leave undefined out). Entry snapshots are such objects (encodeEntry builds them sorted), and checking
 * the chain encodes hundreds of thousands of them.
 */
function isSortedFlat(value: Record<string, unknown>): boolean {
  let previous = '';
  for (const key of Object.keys(value)) {
    if (key < previous) return false;
    previous = key;
    const member = value[key];
    const type = typeof member;
    if (
      member !== null &&
      type !== 'string' &&
      type !== 'number' &&
      type !== 'boolean' &&
      type !== 'undefined'
    )
      return false;
  }
  return true;
}

/** JSON with object keys sorted at every level: the same content always hashes the same. */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (!Array.isArray(value) && isSortedFlat(value as Record<string, unknown>)) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  const parts = Object.keys(value)
    .sort()
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${stableStringify((value as Record<string, unknown>)[k])}`);
  return `{${parts.join(',')}}`;
}

// Keys in sorted order, so stableStringify of a snapshot is one native JSON.stringify.
const SORTED_ENTRY_COLUMNS = [...ENTRY_COLUMNS].sort();

/** The fixed v2 snapshot of an entry row: only the listed columns, whatever else the table has. */
export function encodeEntry(row: Record<string, unknown> | undefined): Record<string, unknown> | null {
  if (!row) return null;
  return Object.fromEntries(SORTED_ENTRY_COLUMNS.map((c) => [c, row[c] ?? null]));
}

export function legacyHash(prevHash: string, content: string): string {
  return createHash('sha256').update(prevHash).update('\n').update(content).digest('hex');
}

export function sealedHash(key: Buffer, prevHash: string, content: string): string {
  return createHmac('sha256', key)
    .update(`merchant-desk journal chain v${CHAIN_VERSION}\n`)
    .update(prevHash)
    .update('\n')
    .update(content)
    .digest('hex');
}
