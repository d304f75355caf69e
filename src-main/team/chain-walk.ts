import type pg from 'pg';
import { EVENT_ROW_SELECT, eventHash, GENESIS, toChainEvent, type EventRow } from '../storage/pg/chain-hash';
import type { ChainPosition } from './local-copy';

type Queryable = Pick<pg.ClientBase, 'query'>;

export type ChainStep =
  | { ok: true; position: ChainPosition; entryIds: number[]; events: number }
  | { ok: false; atSeq: number; words: string };

const rewritten = (seq: number, why: string): ChainStep => ({
  ok: false,
  atSeq: seq,
  words: `The team’s history was rewritten at #${seq}: ${why}. This desk last verified it up to there and will not trust what follows; tell the team’s admin, and keep this desk’s copy as evidence.`,
});

/**
 * One page of the team's chain after the position this desk last verified, checked here and never
 * trusted from the server: the event at the kept position must still carry the kept hash, each new
 * event must link to the one before and hash to what it says. Events are numbered under the lock on
 * the chain's head, held until commit, so they become visible strictly in order: walking them finds
 * every changed entry, even one whose change_seq was drawn before a neighbour's that committed first.
 */
export async function walkChain(
  client: Queryable,
  kept: ChainPosition,
  pageSize: number,
): Promise<ChainStep> {
  if (kept.seq > 0) {
    const { rows } = await client.query<{ hash: string }>('SELECT hash FROM md.events WHERE seq = $1', [
      kept.seq,
    ]);
    if (!rows[0]) return rewritten(kept.seq, 'the event this desk verified there is gone');
    if (rows[0].hash !== kept.hash)
      return rewritten(kept.seq, 'the event this desk verified there has changed');
  } else if (kept.hash !== GENESIS) {
    return rewritten(0, 'this desk’s kept position is not the chain’s start');
  }
  const { rows } = await client.query<EventRow>(
    // Ordered by the table's bigint (e.seq), not the text column of the same name in the answer.
    `SELECT ${EVENT_ROW_SELECT} FROM md.events e WHERE e.seq > $1 ORDER BY e.seq LIMIT $2`,
    [kept.seq, pageSize],
  );
  let position = kept;
  const entryIds = new Set<number>();
  for (const row of rows) {
    const event = toChainEvent(row);
    if (event.seq !== position.seq + 1) return rewritten(position.seq + 1, 'an event is missing');
    if (event.prevHash !== position.hash)
      return rewritten(event.seq, 'it no longer follows the event before it');
    if (eventHash(event) !== event.hash) return rewritten(event.seq, 'its content does not match its hash');
    position = { seq: event.seq, hash: event.hash };
    if (event.entryId !== null) entryIds.add(event.entryId);
  }
  return { ok: true, position, entryIds: [...entryIds], events: rows.length };
}
