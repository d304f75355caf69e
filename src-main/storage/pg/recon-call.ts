import type pg from 'pg';
import { JournalError } from '../port/errors';

/** What the recon stores need of a connection: a pool, or a client checked out of one. */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<Pick<pg.QueryResult, 'rows'>>;
}
/** The pool the caller gives (a pg.Pool will do): its connections have attached this desk. */
export interface PgPool extends Queryable {
  connect(): Promise<Queryable & { release(destroy?: boolean): void }>;
}

/**
 * One query, its failure told in the port's words. The session functions refuse a change to a closed
 * session with M0007, which the port calls a conflict (nothing was changed, and nothing can be).
 */
export async function pgCall(
  db: Queryable,
  sql: string,
  params?: unknown[],
  closedIsConflict = false,
): Promise<Pick<pg.QueryResult, 'rows'>> {
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
