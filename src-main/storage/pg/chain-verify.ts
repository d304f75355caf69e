import type { ChainCheck } from '../port/types';
import { EVENT_ROW_SELECT, eventHash, GENESIS, toChainEvent, type EventRow } from './chain-hash';
import type { DeskConnection } from './desk-connection';
import { ENTRY_SNAPSHOT_COLUMNS } from './migrations/001-core-entries';
import { reconRowsCheck } from './recon-verify';
import { approvalRowsCheck } from './approvals-verify';

/** Where this desk last found the chain whole: the event's seq and the hash it had then. */
export interface VerifiedPosition {
  seq: number;
  hash: string;
}

const BATCH = 5000;
const broken = (reason: string, seq?: number, entryId?: number): ChainCheck => ({
  ok: false,
  brokenAt: { ...(seq === undefined ? {} : { seq }), ...(entryId === undefined ? {} : { entryId }), reason },
});
const snapshotKey = (row: Record<string, unknown>) =>
  JSON.stringify(ENTRY_SNAPSHOT_COLUMNS.map((c) => row[c] ?? null));

/**
 * Recomputes the team's chain in Node from the first event (the server's hashes are never trusted),
 * checks each entry's row against the snapshot its newest event carries, and checks that the event at
 * the position this desk last verified still has the hash it had: an administrator who rewrites a row
 * and recomputes every later hash makes a chain that is whole in itself, but not the one this desk saw.
 * A whole check (no `upToSeq`, no `onlyEntry`) also checks the reconciliation sessions and reviews
 * (recon-verify.ts) and the approvals, published policies and address book (approvals-verify.ts)
 * against the events that recorded them, from the same read of the events.
 */
export async function verifyTeamChain(
  db: DeskConnection,
  options: {
    lastVerified: VerifiedPosition | null;
    upToSeq?: number;
    onlyEntry?: number;
    stopped?: () => boolean;
  },
): Promise<ChainCheck | null> {
  return db.snapshot(async (client) => {
    const latest = new Map<number, { key: string; seq: number }>();
    let prev = GENESIS;
    let count = 0;
    const last = options.lastVerified;
    const limit = options.upToSeq ?? Number.MAX_SAFE_INTEGER;
    const whole = options.upToSeq === undefined && options.onlyEntry === undefined;
    const recon = whole ? reconRowsCheck() : null;
    const approvals = whole ? approvalRowsCheck() : null;
    for (let after = 0; ;) {
      if (options.stopped?.()) return null;
      const { rows } = await client.query<EventRow>(
        `SELECT ${EVENT_ROW_SELECT} FROM md.events e WHERE e.seq > $1 AND e.seq <= $2 ORDER BY e.seq LIMIT ${BATCH}`,
        [after, limit],
      );
      for (const r of rows) {
        const { seq, entryId } = toChainEvent(r);
        if (seq !== count + 1) return broken(`event ${count + 1} is missing from the chain`, count + 1);
        if (r.prev_hash !== prev)
          return broken('the event does not follow the one before it', seq, entryId ?? undefined);
        const hash = eventHash(toChainEvent(r));
        if (hash !== r.hash)
          return broken("the event's content does not match its hash", seq, entryId ?? undefined);
        if (last && seq === last.seq && hash !== last.hash)
          return broken(
            `the team's history was rewritten: event ${seq} is not the one this desk verified before`,
            seq,
            entryId ?? undefined,
          );
        recon?.see({ entryId, type: r.type, detail: r.detail });
        approvals?.see({ entryId, type: r.type, detail: r.detail });
        if (entryId !== null) {
          let snapshot: Record<string, unknown>;
          try {
            snapshot = (JSON.parse(r.detail) as { entry: Record<string, unknown> }).entry;
          } catch {
            return broken('the event cannot be read', seq, entryId);
          }
          latest.set(entryId, { key: snapshotKey(snapshot), seq });
        }
        prev = hash;
        count = seq;
      }
      if (rows.length < BATCH) break;
      after = count;
    }
    if (last && options.upToSeq === undefined && count < last.seq)
      return broken(
        `the chain ends at event ${count}, before event ${last.seq} this desk verified`,
        count + 1,
      );
    const rowsCheck = await checkRows(client, latest, options.onlyEntry);
    if (rowsCheck) return rowsCheck;
    const reconCheck = await recon?.finish(client);
    if (reconCheck && !reconCheck.ok) return broken(reconCheck.brokenAt.reason);
    const approvalsCheck = await approvals?.finish(client);
    if (approvalsCheck && !approvalsCheck.ok) return broken(approvalsCheck.brokenAt.reason);
    return { ok: true, events: count, head: prev };
  });
}

/** Every entry row (or the one asked about) against the snapshot of its newest event. */
async function checkRows(
  client: Parameters<Parameters<DeskConnection['snapshot']>[0]>[0],
  latest: Map<number, { key: string; seq: number }>,
  onlyEntry: number | undefined,
): Promise<ChainCheck | null> {
  const columns = ENTRY_SNAPSHOT_COLUMNS.map((c) => `${c}::text AS ${c}`).join(', ');
  let seen = 0;
  for (let after = 0; ;) {
    const { rows } = await client.query<Record<string, unknown>>(
      onlyEntry === undefined
        ? `SELECT ${columns} FROM md.entries WHERE id > $1 ORDER BY id LIMIT ${BATCH}`
        : `SELECT ${columns} FROM md.entries WHERE id = $1`,
      [onlyEntry ?? after],
    );
    for (const row of rows) {
      const id = Number(row.id);
      const recorded = latest.get(id);
      if (!recorded) return broken('the entry has no event in the chain', undefined, id);
      if (recorded.key !== snapshotKey(row))
        return broken('the entry was changed outside the ledger’s functions', recorded.seq, id);
      seen += 1;
    }
    if (onlyEntry !== undefined) return null;
    if (rows.length < BATCH) {
      if (seen === latest.size) return null;
      const gone = [...latest.keys()].find((id) => !rows.some((r) => Number(r.id) === id));
      return broken('an entry the chain records is missing from the ledger', undefined, gone);
    }
    after = Number(rows[rows.length - 1]!.id);
  }
}
