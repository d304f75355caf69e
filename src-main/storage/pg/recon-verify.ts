import { isDeepStrictEqual } from 'node:util';
import { pgCall, type Queryable } from './recon-call';

export type ReconRowsCheck = { ok: true } | { ok: false; brokenAt: { reason: string } };

type Detail = { session?: { id: number }; review?: { session_id: number; item_key: string } };

/**
 * Each reconciliation session and review against the row its newest chained event recorded. The
 * events' hashes and links are the chain check's (chain-hash.ts, recomputed on the desk); this finds a
 * row edited, added or removed beside them, by anyone who can write the tables, an administrator too.
 */
export async function verifyReconRows(db: Queryable): Promise<ReconRowsCheck> {
  const recordedSessions = new Map<number, unknown>();
  const recordedReviews = new Map<string, unknown>();
  const events = await pgCall(
    db,
    "SELECT detail FROM md.events WHERE entry_id IS NULL AND type LIKE 'reconciliation.%' ORDER BY seq",
  );
  for (const { detail } of events.rows as Array<{ detail: string }>) {
    const parsed = JSON.parse(detail) as Detail;
    if (parsed.session) recordedSessions.set(parsed.session.id, parsed.session);
    if (parsed.review)
      recordedReviews.set(`${parsed.review.session_id}\n${parsed.review.item_key}`, parsed.review);
  }
  const broken = (reason: string): ReconRowsCheck => ({ ok: false, brokenAt: { reason } });
  const sessions = await pgCall(db, 'SELECT to_jsonb(s) AS row FROM md.recon_sessions s ORDER BY id');
  for (const { row } of sessions.rows as Array<{ row: { id: number } }>) {
    const recorded = recordedSessions.get(row.id);
    if (recorded === undefined) return broken(`reconciliation session ${row.id} has no recorded history`);
    if (!isDeepStrictEqual(recorded, row))
      return broken(
        `reconciliation session ${row.id} differs from its recorded history (edited outside the app)`,
      );
    recordedSessions.delete(row.id);
  }
  const missing = recordedSessions.keys().next();
  if (!missing.done) return broken(`reconciliation session ${missing.value} was deleted`);
  const reviews = await pgCall(db, 'SELECT to_jsonb(r) AS row FROM md.recon_reviews r');
  for (const { row } of reviews.rows as Array<{ row: { session_id: number; item_key: string } }>) {
    const key = `${row.session_id}\n${row.item_key}`;
    if (!isDeepStrictEqual(recordedReviews.get(key), row))
      return broken(`a review of reconciliation session ${row.session_id} differs from its recorded history`);
    recordedReviews.delete(key);
  }
  if (recordedReviews.size > 0) return broken('a recorded review of a reconciliation session was deleted');
  return { ok: true };
}
