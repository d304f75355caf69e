import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { ChainCheck } from './types';

export const GENESIS_HASH = '0'.repeat(64);

/** JSON with object keys sorted at every level: the same content always hashes the same. */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  const parts = Object.keys(value)
    .sort()
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${stableStringify((value as Record<string, unknown>)[k])}`);
  return `{${parts.join(',')}}`;
}

export function chainHash(prevHash: string, content: string): string {
  return createHash('sha256').update(prevHash).update('\n').update(content).digest('hex');
}

interface EventRow {
  seq: number;
  entry_id: number | null;
  type: string;
  at: string;
  content: string;
  prev_hash: string;
  hash: string;
}

/**
 * Appends one event for `entryId`, snapshotting the entry row as it is now. Call inside the same
 * transaction as the change it describes. `entryId` null: an event about no entry (a reconciliation
 * session), whose detail carries its own record; it is chained like every other event.
 */
export function appendEvent(
  db: Database,
  entryId: number | null,
  type: string,
  at: string,
  detail: unknown,
): number {
  const last = db.prepare('SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1').get() as
    { seq: number; hash: string } | undefined;
  const seq = (last?.seq ?? 0) + 1;
  const prevHash = last?.hash ?? GENESIS_HASH;
  const row = entryId === null ? null : db.prepare('SELECT * FROM entries WHERE id = ?').get(entryId);
  const content = stableStringify({ seq, entryId, type, at, detail: detail ?? null, row });
  db.prepare(
    'INSERT INTO events (seq, entry_id, type, at, content, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(seq, entryId, type, at, content, prevHash, chainHash(prevHash, content));
  return seq;
}

type Replay =
  | { ok: true; count: number; head: string; snapshots: Map<number, string> }
  | { ok: false; broken: Extract<ChainCheck, { ok: false }> };

/** Replays the events up to `untilSeq` (all when omitted), checking each link and hash. */
function replay(db: Database, untilSeq = Number.MAX_SAFE_INTEGER): Replay {
  let prev = GENESIS_HASH;
  let count = 0;
  const snapshots = new Map<number, string>();
  const events = db.prepare('SELECT * FROM events WHERE seq <= ? ORDER BY seq').iterate(untilSeq);
  for (const ev of events as IterableIterator<EventRow>) {
    const broken = (reason: string): Replay => ({
      ok: false,
      broken: {
        ok: false,
        brokenAt: { seq: ev.seq, ...(ev.entry_id === null ? {} : { entryId: ev.entry_id }), reason },
      },
    });
    if (ev.prev_hash !== prev)
      return broken('event does not follow the previous one (an event was removed or changed)');
    if (chainHash(prev, ev.content) !== ev.hash) return broken('event content does not match its hash');
    let parsed: { seq?: unknown; entryId?: unknown; type?: unknown; at?: unknown; row?: unknown };
    try {
      parsed = JSON.parse(ev.content) as typeof parsed;
    } catch {
      return broken('event content is not JSON');
    }
    if (
      parsed.seq !== ev.seq ||
      parsed.entryId !== ev.entry_id ||
      parsed.type !== ev.type ||
      parsed.at !== ev.at
    ) {
      return broken('event columns do not match its hashed content');
    }
    if (ev.entry_id !== null) snapshots.set(ev.entry_id, stableStringify(parsed.row));
    prev = ev.hash;
    count++;
  }
  return { ok: true, count, head: prev, snapshots };
}

const EDITED = 'entry differs from its last recorded event (edited outside the app)';

/** Replays the chain and checks each entry against the snapshot its last event recorded. */
export function verifyChain(db: Database): ChainCheck {
  const replayed = replay(db);
  if (!replayed.ok) return replayed.broken;
  const { snapshots } = replayed;
  for (const row of db.prepare('SELECT * FROM entries ORDER BY id').iterate() as IterableIterator<{
    id: number;
  }>) {
    const snapshot = snapshots.get(row.id);
    if (snapshot === undefined)
      return { ok: false, brokenAt: { entryId: row.id, reason: 'entry has no recorded history' } };
    if (snapshot !== stableStringify(row))
      return { ok: false, brokenAt: { entryId: row.id, reason: EDITED } };
    snapshots.delete(row.id);
  }
  const orphan = snapshots.keys().next();
  if (!orphan.done)
    return {
      ok: false,
      brokenAt: { entryId: orphan.value, reason: 'history refers to an entry that was deleted' },
    };
  return { ok: true, events: replayed.count, head: replayed.head };
}

/**
 * Whether the chain holds from its first event up to this entry's newest one, and the entry as stored
 * still matches that event. Later events do not matter to this entry's own record.
 */
export function verifyChainUpTo(db: Database, entryId: number): ChainCheck {
  const last = db.prepare('SELECT max(seq) AS seq FROM events WHERE entry_id = ?').get(entryId) as {
    seq: number | null;
  };
  if (last.seq === null) return { ok: false, brokenAt: { entryId, reason: 'entry has no recorded history' } };
  const replayed = replay(db, last.seq);
  if (!replayed.ok) return replayed.broken;
  const row = db.prepare('SELECT * FROM entries WHERE id = ?').get(entryId);
  if (replayed.snapshots.get(entryId) !== stableStringify(row))
    return { ok: false, brokenAt: { entryId, reason: EDITED } };
  return { ok: true, events: replayed.count, head: replayed.head };
}
