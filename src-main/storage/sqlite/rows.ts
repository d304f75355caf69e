import { parseStored, UNREADABLE } from '../port/entry-row';
import type { JournalEvent } from '../port/types';

// The entry row's shape and reading are shared with the team ledger (moved to storage/port/entry-row.ts);
// the events' stored form is SQLite's own.
export * from '../port/entry-row';

export function toEvent(row: {
  seq: number;
  entry_id: number;
  type: string;
  at: string;
  content: string;
  hash: string;
}): JournalEvent {
  const content = parseStored(row.content) as { detail?: unknown } | null;
  const damaged = content === UNREADABLE || content === null || typeof content !== 'object';
  return {
    seq: row.seq,
    entryId: row.entry_id,
    type: row.type,
    at: row.at,
    detail: damaged ? null : (content?.detail ?? null),
    hash: row.hash,
    damaged,
  };
}
