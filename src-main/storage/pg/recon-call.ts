import type pg from 'pg';
import { JournalError } from '../port/errors';
import type { DeskConnection } from './desk-connection';
import { toJournalError } from './errors';

/**
 * What the recon stores need of the desk's connection to the team's server (desk-connection.ts):
 * every connection attached to this desk, failures already in the port's words.
 */
export type Queryable = Pick<DeskConnection, 'query'>;

/**
 * One query. The session functions refuse a change to a closed session with M0007, which the port
 * calls a conflict there (nothing was changed, and nothing can be); every other failure is the
 * ledger's usual reading of it (errors.ts).
 */
export async function pgCall<T extends pg.QueryResultRow = pg.QueryResultRow>(
  db: Queryable,
  sql: string,
  params?: unknown[],
  closedIsConflict = false,
): Promise<T[]> {
  try {
    return await db.query<T>(sql, params);
  } catch (error) {
    const { code, sqlState, message } = error as { code?: unknown; sqlState?: unknown; message?: unknown };
    if (closedIsConflict && (sqlState ?? code) === 'M0007')
      throw Object.assign(new JournalError('conflict', String(message)), { sqlState: 'M0007' });
    throw toJournalError(error);
  }
}

export interface ReconOptions {
  /** Set (to the words a person is shown) when this desk is older than the team's schema. */
  readOnly?: string | null;
}

/**
 * The store with its writes refused in words when this desk is older than the team's schema (the
 * journal store's read-only mode, see migrate.ts): it may still show what the team recorded.
 */
export function withWritesRefused<T extends object>(
  store: T,
  writes: readonly (keyof T)[],
  readOnly: string | null | undefined,
): T {
  if (!readOnly) return store;
  const refuse = async (): Promise<never> => {
    throw new JournalError('newer-schema', readOnly);
  };
  return { ...store, ...Object.fromEntries(writes.map((name) => [name, refuse])) };
}
