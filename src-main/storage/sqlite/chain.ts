import type { Database } from 'better-sqlite3';
import {
  CHAIN_VERSION,
  ENTRY_ENCODING,
  ENTRY_SELECT,
  GENESIS_HASH,
  encodeEntry,
  legacyHash,
  sealedHash,
  stableStringify,
} from './chain-rules';
import { digestOf, EntrySnapshots, rowMatches, type Snapshot } from './chain-snapshots';
import type { ChainCheck } from '../port/types';

/**
 * What seals one open journal's chain: the key (from the keychain) and how many events at the start
 * of the chain may follow the old unkeyed rule. Kept per connection, out of every row and answer.
 */
export interface ChainSeal {
  key: Buffer;
  legacyLimit: number;
}

const seals = new WeakMap<Database, ChainSeal>();

export function sealChain(db: Database, seal: ChainSeal): void {
  seals.set(db, seal);
}

function sealOf(db: Database): ChainSeal {
  const seal = seals.get(db);
  if (!seal) throw new Error('The journal chain has no key: open the journal through openJournal.');
  return seal;
}

/** Whether a stored event carries this journal's seal (its links are verifyChain's to check). */
export function isSealedEvent(
  db: Database,
  ev: { prev_hash: string; content: string; hash: string },
): boolean {
  return sealedHash(sealOf(db).key, ev.prev_hash, ev.content) === ev.hash;
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

/** The newest event's number and hash (0 and the genesis hash for an empty chain). */
export function chainHead(db: Database): { count: number; head: string } {
  const last = db.prepare('SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1').get() as
    { seq: number; hash: string } | undefined;
  return { count: last?.seq ?? 0, head: last?.hash ?? GENESIS_HASH };
}

/**
 * Appends one event for `entryId`, snapshotting the entry row (fixed encoding) as it is now, sealed
 * with the journal's chain key. Call inside the same transaction as the change it describes. Any code
 * that records journal history (webhooks, reconciliation sessions) goes through here. `entryId` null:
 * an event about no entry (a reconciliation session), whose detail carries its own record.
 */
export function appendEvent(
  db: Database,
  entryId: number | null,
  type: string,
  at: string,
  detail: unknown,
): number {
  const { key } = sealOf(db);
  const { count, head: prevHash } = chainHead(db);
  const seq = count + 1;
  const row =
    entryId === null
      ? null
      : encodeEntry(
          db.prepare(`SELECT ${ENTRY_SELECT} FROM entries WHERE id = ?`).get(entryId) as
            Record<string, unknown> | undefined,
        );
  const content = stableStringify({
    v: CHAIN_VERSION,
    encoding: ENTRY_ENCODING,
    seq,
    entryId,
    type,
    at,
    detail: detail ?? null,
    row,
  });
  db.prepare(
    'INSERT INTO events (seq, entry_id, type, at, content, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(seq, entryId, type, at, content, prevHash, sealedHash(key, prevHash, content));
  return seq;
}

interface Parsed {
  v?: unknown;
  encoding?: unknown;
  seq?: unknown;
  entryId?: unknown;
  type?: unknown;
  at?: unknown;
  row?: unknown;
  detail?: { key?: unknown } | null;
}

type Replay =
  | {
      ok: true;
      count: number;
      head: string;
      snapshots: EntrySnapshots;
      webhookKeys: Map<string, { seq: number; entryId: number }>;
    }
  | { ok: false; broken: Extract<ChainCheck, { ok: false }> };

/** Checks one event's link, seal and columns; the words of what is wrong, or its parsed content. */
function checkEvent(seal: ChainSeal, prev: string, ev: EventRow): string | Parsed {
  if (ev.prev_hash !== prev)
    return 'event does not follow the previous one (an event was removed or changed)';
  let parsed: Parsed;
  try {
    parsed = JSON.parse(ev.content) as Parsed;
  } catch {
    return 'event content is not JSON';
  }
  if (parsed.v === CHAIN_VERSION) {
    if (sealedHash(seal.key, prev, ev.content) !== ev.hash)
      return 'event content does not match its sealed hash (changed outside the app, or sealed with another key)';
    if (parsed.encoding !== ENTRY_ENCODING) return 'event uses an unknown row encoding';
  } else {
    if (ev.seq > seal.legacyLimit)
      return 'event uses the old unsealed rule after this journal was sealed (written outside the app)';
    if (legacyHash(prev, ev.content) !== ev.hash) return 'event content does not match its hash';
  }
  if (
    parsed.seq !== ev.seq ||
    parsed.entryId !== ev.entry_id ||
    parsed.type !== ev.type ||
    parsed.at !== ev.at
  )
    return 'event columns do not match its hashed content';
  return parsed;
}

/** A prefix of the chain already found whole: `count` events ending in `head`. */
export interface VerifiedPrefix {
  count: number;
  head: string;
  /** The newest entry's id when the prefix was found whole. */
  lastEntryId: number;
}
const EMPTY: VerifiedPrefix = { count: 0, head: GENESIS_HASH, lastEntryId: 0 };

/** What a replay learns about entries and webhooks; a replay done in parts adds to the same one. */
export interface ReplayState {
  snapshots: EntrySnapshots;
  webhookKeys: Map<string, { seq: number; entryId: number }>;
}

/** `db` when the replay is a full one: its snapshots are sized for every entry up front. */
export const emptyReplayState = (db?: Database): ReplayState => ({
  snapshots: new EntrySnapshots(
    db ? (db.prepare('SELECT coalesce(max(id), 0) FROM entries').pluck().get() as number) : 0,
  ),
  webhookKeys: new Map(),
});

/**
 * Replays the events after `from` up to `untilSeq` (all when omitted), checking each link and seal,
 * into `into` (a fresh state when omitted).
 */
export function replay(
  db: Database,
  untilSeq = Number.MAX_SAFE_INTEGER,
  from: { count: number; head: string } = EMPTY,
  into: ReplayState = emptyReplayState(),
): Replay {
  const seal = sealOf(db);
  let prev = from.head;
  let count = from.count;
  const { snapshots, webhookKeys } = into;
  const events = db
    .prepare('SELECT * FROM events WHERE seq > ? AND seq <= ? ORDER BY seq')
    .iterate(from.count, untilSeq);
  for (const ev of events as IterableIterator<EventRow>) {
    const checked = checkEvent(seal, prev, ev);
    if (typeof checked === 'string')
      return {
        ok: false,
        broken: {
          ok: false,
          brokenAt: {
            seq: ev.seq,
            ...(ev.entry_id === null ? {} : { entryId: ev.entry_id }),
            reason: checked,
          },
        },
      };
    // An event about no entry (a reconciliation session) has no row to compare.
    if (ev.entry_id === null) {
      prev = ev.hash;
      count++;
      continue;
    }
    const row = (checked.row ?? null) as Record<string, unknown> | null;
    snapshots.record(ev.entry_id, checked.v === CHAIN_VERSION ? digestOf(row) : { legacyRow: row });
    const key = checked.detail?.key;
    if (ev.type === 'webhook' && typeof key === 'string')
      webhookKeys.set(key, { seq: ev.seq, entryId: ev.entry_id });
    prev = ev.hash;
    count++;
  }
  return { ok: true, count, head: prev, snapshots, webhookKeys };
}

const EDITED = 'entry differs from its last recorded event (edited outside the app)';

/** Every applied webhook key is one a chained webhook event recorded, and the other way round. */
export function checkAppliedWebhooks(
  db: Database,
  recorded: Map<string, { seq: number; entryId: number }>,
): ChainCheck | null {
  const rows = db.prepare('SELECT key, entry_id, event_seq FROM applied_webhooks').all() as {
    key: string;
    entry_id: number;
    event_seq: number;
  }[];
  const seen = new Set<string>();
  for (const r of rows) {
    const event = recorded.get(r.key);
    if (!event || event.seq !== r.event_seq || event.entryId !== r.entry_id)
      return {
        ok: false,
        brokenAt: {
          entryId: r.entry_id,
          reason: 'an applied webhook does not match the webhook event it claims (edited outside the app)',
        },
      };
    seen.add(r.key);
  }
  for (const [key, event] of recorded) {
    if (!seen.has(key))
      return {
        ok: false,
        brokenAt: {
          seq: event.seq,
          entryId: event.entryId,
          reason:
            'a webhook recorded in the history is missing from the applied webhooks (deleted outside the app)',
        },
      };
  }
  return null;
}

export type StoredEntry = Record<string, unknown> & { id: number };

/** An entry as stored against the snapshot the replay holds for it; null when they agree. */
export function compareEntry(snapshots: EntrySnapshots, row: StoredEntry): ChainCheck | null {
  const snapshot = snapshots.get(row.id);
  if (snapshot === undefined)
    return { ok: false, brokenAt: { entryId: row.id, reason: 'entry has no recorded history' } };
  return rowMatches(snapshot, row) ? null : { ok: false, brokenAt: { entryId: row.id, reason: EDITED } };
}

/** Every entry the replay still holds a snapshot of, read and compared: it must exist and agree. */
export function compareHeld(db: Database, snapshots: EntrySnapshots): ChainCheck | null {
  const byId = db.prepare('SELECT * FROM entries WHERE id = ?');
  for (const entryId of snapshots.ids()) {
    const row = byId.get(entryId) as StoredEntry | undefined;
    if (!row)
      return { ok: false, brokenAt: { entryId, reason: 'history refers to an entry that was deleted' } };
    const broken = compareEntry(snapshots, row);
    if (broken) return broken;
  }
  return null;
}

/** Replays the chain, checks each entry against its last event and the applied webhooks against theirs. */
export function verifyChain(db: Database): ChainCheck {
  const replayed = replay(db, Number.MAX_SAFE_INTEGER, EMPTY, emptyReplayState(db));
  if (!replayed.ok) return replayed.broken;
  const { snapshots } = replayed;
  for (const row of db
    .prepare('SELECT * FROM entries ORDER BY id')
    .iterate() as IterableIterator<StoredEntry>) {
    const broken = compareEntry(snapshots, row);
    if (broken) return broken;
    snapshots.delete(row.id);
  }
  // Whatever history is left has no entry any more.
  return (
    compareHeld(db, snapshots) ??
    checkAppliedWebhooks(db, replayed.webhookKeys) ?? {
      ok: true,
      events: replayed.count,
      head: replayed.head,
    }
  );
}

/**
 * The same check as verifyChain for a journal whose first `prefix.count` events were found whole by
 * an earlier check on this open connection: only the events since are replayed, and only the entries
 * and applied webhooks they touched are compared. Sound only while no other connection can write
 * (the journal holds its file with an exclusive lock) and every change of an entry appends an event
 * in the same transaction, as every writer here does. Anything unexpected: the full check.
 */
export function verifyChainSince(db: Database, prefix: VerifiedPrefix): ChainCheck {
  const at = db.prepare('SELECT hash FROM events WHERE seq = ?').get(prefix.count) as
    { hash: string } | undefined;
  if (prefix.count > 0 && at?.hash !== prefix.head) return verifyChain(db);
  const replayed = replay(db, Number.MAX_SAFE_INTEGER, prefix);
  if (!replayed.ok) return replayed.broken;
  const held = compareHeld(db, replayed.snapshots);
  if (held) return held;
  // An entry added since the prefix without any history of its own: what the full check calls so.
  const unrecorded = (
    db.prepare('SELECT id FROM entries WHERE id > ? ORDER BY id').pluck().all(prefix.lastEntryId) as number[]
  ).find((id) => !replayed.snapshots.has(id));
  if (unrecorded !== undefined)
    return { ok: false, brokenAt: { entryId: unrecorded, reason: 'entry has no recorded history' } };
  const applied = db
    .prepare('SELECT key, entry_id, event_seq FROM applied_webhooks WHERE event_seq > ?')
    .all(prefix.count) as { key: string; entry_id: number; event_seq: number }[];
  const check = checkAppliedWebhooksSubset(applied, replayed.webhookKeys);
  return check ?? { ok: true, events: replayed.count, head: replayed.head };
}

/** The applied webhooks recorded since the prefix match the webhook events since, one for one. */
function checkAppliedWebhooksSubset(
  rows: { key: string; entry_id: number; event_seq: number }[],
  recorded: Map<string, { seq: number; entryId: number }>,
): ChainCheck | null {
  if (
    rows.length === recorded.size &&
    rows.every((r) => {
      const event = recorded.get(r.key);
      return event !== undefined && event.seq === r.event_seq && event.entryId === r.entry_id;
    })
  )
    return null;
  return {
    ok: false,
    brokenAt: {
      reason: 'an applied webhook does not match the webhook event it claims (edited outside the app)',
    },
  };
}

/**
 * Whether the chain holds from its first event up to this entry's newest one, and the entry as stored
 * still matches that event. Later events do not matter to this entry's own record. With a prefix an
 * earlier check on this connection found whole (see verifyChainSince for why that is sound), only the
 * events after it are replayed: opening an entry must not cost the whole history each time.
 */
export function verifyChainUpTo(db: Database, entryId: number, prefix?: VerifiedPrefix): ChainCheck {
  const last = db.prepare('SELECT max(seq) AS seq FROM events WHERE entry_id = ?').get(entryId) as {
    seq: number | null;
  };
  if (last.seq === null) return { ok: false, brokenAt: { entryId, reason: 'entry has no recorded history' } };
  const event = (seq: number) =>
    db.prepare('SELECT content, hash FROM events WHERE seq = ?').get(seq) as
      { content: string; hash: string } | undefined;
  const from = prefix && prefix.count > 0 && event(prefix.count)?.hash === prefix.head ? prefix : EMPTY;
  if (from.count < last.seq) {
    const replayed = replay(db, last.seq, from);
    if (!replayed.ok) return replayed.broken;
  }
  // Its newest event is inside what is now known whole: compare the entry with that event's snapshot.
  const newest = event(last.seq)!;
  const parsed = JSON.parse(newest.content) as Parsed;
  const snapshotRow = (parsed.row ?? null) as Record<string, unknown> | null;
  const snapshot: Snapshot = parsed.v === CHAIN_VERSION ? digestOf(snapshotRow) : { legacyRow: snapshotRow };
  const row = db.prepare('SELECT * FROM entries WHERE id = ?').get(entryId) as
    Record<string, unknown> | undefined;
  if (!row || !rowMatches(snapshot, row)) return { ok: false, brokenAt: { entryId, reason: EDITED } };
  return { ok: true, events: last.seq, head: newest.hash };
}
