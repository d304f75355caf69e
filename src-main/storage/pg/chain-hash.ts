import { createHash } from 'node:crypto';

/** The hash before the first event. */
export const GENESIS = '0'.repeat(64);

/** An event of the team's chain as md.events stores it. */
export interface ChainEvent {
  seq: number;
  entryId: number | null;
  type: string;
  at: string;
  detail: string;
  deskId: string;
  person: string;
  prevHash: string;
  hash: string;
}

/**
 * An event's hash, computed the way md.append_event computes it (its twin, in
 * migrations/001-core-chain.ts): every desk recomputes the chain itself and never trusts the server's
 * hashes. The two must stay byte for byte the same; the team contract tests check events written by
 * the server against this.
 */
export function eventHash(e: Omit<ChainEvent, 'hash'>): string {
  const text = [
    e.prevHash,
    String(e.seq),
    e.entryId === null ? '' : String(e.entryId),
    e.type,
    e.at,
    e.detail,
    e.deskId,
    e.person,
  ].join('\n');
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** md.events as a desk reads it: bigints come as text, so nothing is rounded through a float. */
export interface EventRow {
  seq: string;
  entry_id: string | null;
  type: string;
  at: string;
  detail: string;
  desk_id: string;
  person: string;
  prev_hash: string;
  hash: string;
}

/** The select list that reads an EventRow from md.events aliased `e` (ORDER BY e.seq stays the column's). */
export const EVENT_ROW_SELECT = `e.seq::text AS seq, e.entry_id::text AS entry_id, e.type, e.at, e.detail,
  e.desk_id::text AS desk_id, e.person, e.prev_hash, e.hash`;

export const toChainEvent = (row: EventRow): ChainEvent => ({
  seq: Number(row.seq),
  entryId: row.entry_id === null ? null : Number(row.entry_id),
  type: row.type,
  at: row.at,
  detail: row.detail,
  deskId: row.desk_id,
  person: row.person,
  prevHash: row.prev_hash,
  hash: row.hash,
});
