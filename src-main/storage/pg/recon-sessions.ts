import { JournalError } from '../port/errors';
import type { ReviewRow, SessionRow, SessionsStore } from '../port/recon-store';
import { pgCall, type Queryable } from './recon-call';

/** The port's sessions; on the team ledger people() reads who did each step as the engine recorded it. */
export type PgSessionsStore = SessionsStore;

/** A session row as the team ledger keeps it: the port's fields, and who did each step by the engine. */
interface TeamSessionRow {
  id: string;
  profile_id: string;
  environment: SessionRow['environment'];
  from_at: string;
  to_at: string;
  state: SessionRow['state'];
  started_at: string;
  started_by: string;
  started_desk: string;
  closed_at: string | null;
  closed_by: string | null;
  closed_desk: string | null;
  closed_name: string | null;
  close_note: string | null;
  with_exceptions: boolean | null;
  report_json: string | null;
}

interface TeamReviewRow {
  session_id: string;
  item_key: string;
  note: string;
  by_name: string;
  at: string;
  reviewed_by: string;
  reviewed_desk: string;
}

/** The port's view: `closed_by` is the name the person gave, as on a single desk. */
function toSession(row: TeamSessionRow): SessionRow {
  return {
    id: Number(row.id),
    profile_id: row.profile_id,
    environment: row.environment,
    from_at: row.from_at,
    to_at: row.to_at,
    state: row.state,
    started_at: row.started_at,
    // The login the server saw start it (session_user): on a team, never what a desk says.
    started_by: row.started_by,
    closed_at: row.closed_at,
    closed_by: row.closed_name,
    close_note: row.close_note,
    with_exceptions: row.with_exceptions === null ? null : row.with_exceptions ? 1 : 0,
    report_json: row.report_json,
  };
}

const toReview = (row: TeamReviewRow): ReviewRow => ({
  session_id: Number(row.session_id),
  item_key: row.item_key,
  note: row.note,
  by_name: row.by_name,
  at: row.at,
});

/**
 * Reconciliation sessions shared by the team, on PostgreSQL: any desk starts, reviews or closes one
 * through the ledger's functions, which record each change in the team's chain and who made it.
 */
export function openPgSessions(db: Queryable): PgSessionsStore {
  const get = async (id: number): Promise<SessionRow | undefined> => {
    const [row] = await pgCall<TeamSessionRow>(db, 'SELECT * FROM md.recon_sessions WHERE id = $1', [id]);
    return row ? toSession(row) : undefined;
  };
  const must = async (id: number): Promise<SessionRow> => {
    const row = await get(id);
    if (!row) throw new JournalError('not-found', `There is no reconciliation session ${id}.`);
    return row;
  };
  const one = async <T extends TeamSessionRow | TeamReviewRow>(
    sql: string,
    params: unknown[],
  ): Promise<T> => {
    const [row] = await pgCall<T>(db, sql, params, true);
    if (!row) throw new JournalError('not-recorded', 'The team ledger answered with no row.');
    return row;
  };

  return {
    async start(input) {
      const row = await one<TeamSessionRow>('SELECT * FROM md.start_recon_session($1, $2, $3, $4)', [
        input.profileId,
        input.environment,
        input.from,
        input.to,
      ]);
      return toSession(row);
    },
    async review(id, itemKey, note, by) {
      const row = await one<TeamReviewRow>('SELECT * FROM md.review_recon_item($1, $2, $3, $4)', [
        id,
        itemKey,
        note,
        by,
      ]);
      return toReview(row);
    },
    async close(id, input) {
      const row = await one<TeamSessionRow>('SELECT * FROM md.close_recon_session($1, $2, $3, $4, $5)', [
        id,
        input.by,
        input.note,
        input.withExceptions,
        JSON.stringify(input.report ?? null),
      ]);
      return toSession(row);
    },
    get,
    must,
    async list(profileId) {
      const rows = await pgCall<TeamSessionRow>(
        db,
        'SELECT * FROM md.recon_sessions WHERE profile_id = $1 ORDER BY id DESC LIMIT 200',
        [profileId],
      );
      return rows.map(toSession);
    },
    async reviews(id) {
      const rows = await pgCall<TeamReviewRow>(
        db,
        'SELECT * FROM md.recon_reviews WHERE session_id = $1 ORDER BY at, item_key',
        [id],
      );
      return rows.map(toReview);
    },
    async people(id) {
      const [s] = await pgCall<
        TeamSessionRow & { started_desk_name: string; closed_desk_name: string | null }
      >(
        db,
        `SELECT s.*, ds.name AS started_desk_name, dc.name AS closed_desk_name
           FROM md.recon_sessions s JOIN md.desks ds ON ds.id = s.started_desk
           LEFT JOIN md.desks dc ON dc.id = s.closed_desk
          WHERE s.id = $1`,
        [id],
      );
      if (!s) throw new JournalError('not-found', `There is no reconciliation session ${id}.`);
      const reviews = await pgCall<TeamReviewRow & { desk_name: string }>(
        db,
        `SELECT r.*, d.name AS desk_name FROM md.recon_reviews r JOIN md.desks d ON d.id = r.reviewed_desk
          WHERE r.session_id = $1 ORDER BY r.at, r.item_key`,
        [id],
      );
      return {
        started: {
          person: s.started_by,
          deskId: s.started_desk,
          deskName: s.started_desk_name,
          at: s.started_at,
        },
        reviews: reviews.map((r) => ({
          itemKey: r.item_key,
          person: r.reviewed_by,
          deskId: r.reviewed_desk,
          deskName: r.desk_name,
          at: r.at,
        })),
        closed:
          s.closed_at === null || s.closed_by === null || s.closed_desk === null
            ? null
            : {
                person: s.closed_by,
                deskId: s.closed_desk,
                deskName: s.closed_desk_name ?? '',
                at: s.closed_at,
              },
      };
    },
  };
}
