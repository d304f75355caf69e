import { isDeepStrictEqual } from 'node:util';
import type pg from 'pg';

export type ReconRowsCheck = { ok: true } | { ok: false; brokenAt: { reason: string } };

type Client = Pick<pg.ClientBase, 'query'>;
type Detail = { session?: { id: number }; review?: { session_id: number; item_key: string } };

const PREFIX = 'reconciliation.';

/**
 * Each reconciliation session and review against the row its newest chained event recorded. The
 * events' hashes and links are the chain check's (chain-verify.ts, recomputed on the desk); this finds
 * a row edited, added or removed beside them, by anyone who can write the tables, an administrator
 * too. The chain check shows it each event as it reads them (`see`), then asks for the verdict in the
 * same snapshot (`finish`), so the events are read once.
 */
export function reconRowsCheck() {
  const sessions = new Map<number, unknown>();
  const reviews = new Map<string, unknown>();
  const broken = (reason: string): ReconRowsCheck => ({ ok: false, brokenAt: { reason } });
  let unreadable: string | null = null;
  return {
    see(event: { entryId: number | null; type: string; detail: string }): void {
      if (event.entryId !== null || !event.type.startsWith(PREFIX)) return;
      try {
        const { session, review } = JSON.parse(event.detail) as Detail;
        if (session) sessions.set(session.id, session);
        if (review) reviews.set(`${review.session_id}\n${review.item_key}`, review);
      } catch {
        unreadable ??= `a ${event.type} event cannot be read`;
      }
    },
    async finish(client: Client): Promise<ReconRowsCheck> {
      if (unreadable) return broken(unreadable);
      const sessionRows = await client.query<{ row: { id: number } }>(
        'SELECT to_jsonb(s) AS row FROM md.recon_sessions s ORDER BY id',
      );
      const left = new Map(sessions);
      for (const { row } of sessionRows.rows) {
        const recorded = left.get(row.id);
        if (recorded === undefined) return broken(`reconciliation session ${row.id} has no recorded history`);
        if (!isDeepStrictEqual(recorded, row))
          return broken(
            `reconciliation session ${row.id} differs from its recorded history (edited outside the app)`,
          );
        left.delete(row.id);
      }
      const missing = left.keys().next();
      if (!missing.done) return broken(`reconciliation session ${missing.value} was deleted`);
      const reviewRows = await client.query<{ row: { session_id: number; item_key: string } }>(
        'SELECT to_jsonb(r) AS row FROM md.recon_reviews r',
      );
      const leftReviews = new Map(reviews);
      for (const { row } of reviewRows.rows) {
        const key = `${row.session_id}\n${row.item_key}`;
        if (!isDeepStrictEqual(leftReviews.get(key), row))
          return broken(
            `a review of reconciliation session ${row.session_id} differs from its recorded history`,
          );
        leftReviews.delete(key);
      }
      if (leftReviews.size > 0) return broken('a recorded review of a reconciliation session was deleted');
      return { ok: true };
    },
  };
}

/** The same check on its own: reads the reconciliation events itself (run it in one snapshot).
 * @internal For tests: the chain check runs the same check through reconRowsCheck.
 */
export async function verifyReconRows(client: Client): Promise<ReconRowsCheck> {
  const check = reconRowsCheck();
  const events = await client.query<{ type: string; detail: string }>(
    `SELECT type, detail FROM md.events WHERE entry_id IS NULL AND type LIKE '${PREFIX}%' ORDER BY seq`,
  );
  for (const e of events.rows) check.see({ entryId: null, type: e.type, detail: e.detail });
  return check.finish(client);
}
