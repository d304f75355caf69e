import type pg from 'pg';
import { JournalError } from '../port/errors';

/** What the recon stores need of a connection: a pool, or a client checked out of one. */
export type Queryable = Pick<pg.ClientBase, 'query'>;
/** The pool the caller gives: its connections have attached this desk (md.attach_desk). */
export type PgPool = Queryable & Pick<pg.Pool, 'connect'>;

/**
 * One query, its failure told in the port's words. The session functions refuse a change to a closed
 * session with M0007, which the port calls a conflict (nothing was changed, and nothing can be).
 */
export async function pgCall(
  db: Queryable,
  sql: string,
  params?: unknown[],
  closedIsConflict = false,
): Promise<pg.QueryResult> {
  try {
    return await db.query(sql, params);
  } catch (error) {
    throw reconError(error, closedIsConflict);
  }
}

function reconError(error: unknown, closedIsConflict: boolean): unknown {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code !== 'string' || typeof message !== 'string') return error;
  if (code === 'M0007')
    return new JournalError(closedIsConflict ? 'conflict' : 'illegal-transition', message);
  if (code === 'M0008') return new JournalError('invalid', message);
  if (code === 'M0009') return new JournalError('not-found', message);
  return error;
}
