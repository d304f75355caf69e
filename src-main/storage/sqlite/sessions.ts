import { hostname, userInfo } from 'node:os';
import type { Database } from 'better-sqlite3';
import { appendEvent } from './chain';
import { stableStringify } from './chain-rules';
import { JournalError } from '../port/errors';
import type { JournalContext } from './context';
import type { ReviewRow, SessionPeople, SessionRow, SessionStart, SessionStep } from '../port/recon-store';

export type { ReviewRow, SessionRow } from '../port/recon-store';

const PREFIX = 'reconciliation.';

/**
 * The person and desk of a desk alone: this computer's account (the data folder is that account's)
 * and its name. The same shape the team ledger answers with, so the screen has one way to show it.
 */
function thisComputer(deskId: string): Omit<SessionStep, 'at'> {
  let person: string;
  try {
    person = userInfo().username;
  } catch {
    person = 'this computer’s user';
  }
  return { person, deskId, deskName: hostname() || 'this desk' };
}

/**
 * Reconciliation sessions and their reviewed items. Every change is recorded in the journal's hash
 * chain in the same transaction, as an event about no entry whose detail holds the row as it is after
 * the change; verifySessions() then finds a session or review edited outside the app.
 */
export function openSessions(ctx: JournalContext, deskId = 'this-desk') {
  const { db } = ctx;
  const get = (id: number) =>
    db.prepare('SELECT * FROM recon_sessions WHERE id = ?').get(id) as SessionRow | undefined;
  const must = (id: number): SessionRow => {
    const row = get(id);
    if (!row) throw new JournalError('not-found', `There is no reconciliation session ${id}.`);
    return row;
  };
  const mustBeOpen = (id: number): SessionRow => {
    const row = must(id);
    if (row.state !== 'open')
      throw new JournalError('conflict', `Reconciliation session ${id} is closed; nothing was changed.`);
    return row;
  };

  return {
    start(input: SessionStart): SessionRow {
      return ctx.write(() => {
        const at = ctx.now();
        const { lastInsertRowid } = db
          .prepare(
            `INSERT INTO recon_sessions (profile_id, environment, from_at, to_at, state, started_at, started_by)
             VALUES (?, ?, ?, ?, 'open', ?, ?)`,
          )
          .run(input.profileId, input.environment, input.from, input.to, at, input.by ?? null);
        const row = must(Number(lastInsertRowid));
        appendEvent(db, null, `${PREFIX}start`, at, { sessionId: row.id, session: row });
        return row;
      });
    },
    review(id: number, itemKey: string, note: string, by: string): ReviewRow {
      return ctx.write(() => {
        mustBeOpen(id);
        const at = ctx.now();
        db.prepare(
          `INSERT INTO recon_reviews (session_id, item_key, note, by_name, at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (session_id, item_key) DO UPDATE SET note = excluded.note, by_name = excluded.by_name, at = excluded.at`,
        ).run(id, itemKey, note, by, at);
        const review = db
          .prepare('SELECT * FROM recon_reviews WHERE session_id = ? AND item_key = ?')
          .get(id, itemKey) as ReviewRow;
        appendEvent(db, null, `${PREFIX}review`, at, { sessionId: id, review });
        return review;
      });
    },
    close(
      id: number,
      input: { by: string; note: string; withExceptions: boolean; report: unknown },
    ): SessionRow {
      return ctx.write(() => {
        mustBeOpen(id);
        const at = ctx.now();
        db.prepare(
          `UPDATE recon_sessions SET state = 'closed', closed_at = ?, closed_by = ?, close_note = ?,
             with_exceptions = ?, report_json = ? WHERE id = ?`,
        ).run(at, input.by, input.note, input.withExceptions ? 1 : 0, stableStringify(input.report), id);
        const row = must(id);
        appendEvent(db, null, `${PREFIX}close`, at, { sessionId: id, session: row });
        return row;
      });
    },
    get,
    must,
    list: (profileId: string) =>
      db
        .prepare('SELECT * FROM recon_sessions WHERE profile_id = ? ORDER BY id DESC LIMIT 200')
        .all(profileId) as SessionRow[],
    reviews: (id: number) =>
      db
        .prepare('SELECT * FROM recon_reviews WHERE session_id = ? ORDER BY at, item_key')
        .all(id) as ReviewRow[],
    people(id: number): SessionPeople {
      const row = must(id);
      const me = thisComputer(deskId);
      const reviews = db
        .prepare('SELECT item_key, at FROM recon_reviews WHERE session_id = ? ORDER BY at, item_key')
        .all(id) as { item_key: string; at: string }[];
      return {
        started: { ...me, at: row.started_at },
        reviews: reviews.map((r) => ({ ...me, itemKey: r.item_key, at: r.at })),
        closed: row.state === 'closed' && row.closed_at ? { ...me, at: row.closed_at } : null,
      };
    },
  };
}
export type Sessions = ReturnType<typeof openSessions>;

type Broken = { ok: false; brokenAt: { reason: string } } | { ok: true };

/**
 * A session recorded before migration 11 as its history has it: without `started_by`. Only a row
 * whose started_by is null reads so; one recorded with a name and emptied since does not match.
 */
function beforeStartedBy(row: SessionRow): Partial<SessionRow> {
  if (row.started_by !== null) return row;
  const { started_by: _none, ...rest } = row;
  return rest;
}

/**
 * Each session and review row against the row its newest chained event recorded. The events' own
 * hashes and links are verifyChain's job; this finds a row edited, added or removed beside them.
 */
export function verifySessions(db: Database): Broken {
  const sessions = new Map<number, string>();
  const reviews = new Map<string, string>();
  const events = db
    .prepare(`SELECT content FROM events WHERE entry_id IS NULL AND type LIKE '${PREFIX}%' ORDER BY seq`)
    .iterate() as IterableIterator<{ content: string }>;
  for (const { content } of events) {
    const detail = (JSON.parse(content) as { detail?: { session?: SessionRow; review?: ReviewRow } }).detail;
    if (detail?.session) sessions.set(detail.session.id, stableStringify(detail.session));
    if (detail?.review)
      reviews.set(`${detail.review.session_id}\n${detail.review.item_key}`, stableStringify(detail.review));
  }
  const broken = (reason: string): Broken => ({ ok: false, brokenAt: { reason } });
  for (const row of db
    .prepare('SELECT * FROM recon_sessions ORDER BY id')
    .iterate() as IterableIterator<SessionRow>) {
    const recorded = sessions.get(row.id);
    if (recorded === undefined) return broken(`reconciliation session ${row.id} has no recorded history`);
    if (recorded !== stableStringify(row) && recorded !== stableStringify(beforeStartedBy(row)))
      return broken(
        `reconciliation session ${row.id} differs from its recorded history (edited outside the app)`,
      );
    sessions.delete(row.id);
  }
  const missing = sessions.keys().next();
  if (!missing.done) return broken(`reconciliation session ${missing.value} was deleted`);
  for (const row of db.prepare('SELECT * FROM recon_reviews').iterate() as IterableIterator<ReviewRow>) {
    const key = `${row.session_id}\n${row.item_key}`;
    if (reviews.get(key) !== stableStringify(row))
      return broken(`a review of reconciliation session ${row.session_id} differs from its recorded history`);
    reviews.delete(key);
  }
  if (reviews.size > 0) return broken('a recorded review of a reconciliation session was deleted');
  return { ok: true };
}
