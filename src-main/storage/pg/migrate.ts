import type pg from 'pg';
import { MIGRATIONS, type Migration } from './migrations';

/** The schema version this code was written for: the newest migration it carries. */
export const CODE_SCHEMA_VERSION = Math.max(0, ...MIGRATIONS.map((m) => m.version));

/** How a desk may open the team ledger, from the server's schema version and its own. */
export type OpenMode = 'read-write' | 'read-only' | 'needs-migration';

/** Anything that runs one statement: a client, a pool, or a desk's connection. */
export interface SqlRunner {
  query<R extends pg.QueryResultRow>(sql: string): Promise<{ rows: R[] }>;
}

/** The schema version the server's ledger is at (0: the ledger was never set up). */
export async function schemaVersion(client: SqlRunner): Promise<number> {
  // pg_tables is read with the statement's snapshot: to_regclass could answer from a catalog cache
  // older than the migration another admin committed while this one waited for the lock.
  const table = await client.query<{ found: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_tables WHERE schemaname = 'md' AND tablename = 'schema_info') AS found",
  );
  if (!table.rows[0]?.found) return 0;
  const { rows } = await client.query<{ v: number | null }>('SELECT max(version) AS v FROM md.schema_info');
  return rows[0]?.v ?? 0;
}

export function openMode(db: number, code: number = CODE_SCHEMA_VERSION): OpenMode {
  if (db > code) return 'read-only';
  if (db < code) return 'needs-migration';
  return 'read-write';
}

/** What a person is told about an open mode other than read-write (null when there is nothing to say). */
export function openModeMessage(
  mode: OpenMode,
  db: number,
  code: number = CODE_SCHEMA_VERSION,
): string | null {
  if (mode === 'read-only')
    return `This desk is older than the team's ledger (schema ${db}, this app knows ${code}); update the app. Until then it can only view.`;
  if (mode === 'needs-migration')
    return db === 0
      ? "The team's ledger has not been set up on this server yet; an admin must migrate it."
      : `The team's ledger is older than this desk (schema ${db}, this app needs ${code}); an admin must migrate it.`;
  return null;
}

/**
 * The explicit admin action that brings the server's schema up to this code's: each migration in its
 * own transaction, under a lock that makes a second admin running it at the same time wait and then
 * find it done. Opening a desk never calls this. Returns the versions it ran.
 */
export async function migrate(
  client: pg.ClientBase,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<number[]> {
  const ran: number[] = [];
  for (const step of [...migrations].sort((a, b) => a.version - b.version)) {
    await client.query('BEGIN');
    try {
      await client.query("SELECT pg_advisory_xact_lock(hashtext('md.migrate'))");
      const current = await schemaVersion(client);
      if (current >= step.version) {
        await client.query('COMMIT');
        continue;
      }
      await client.query(step.sql);
      // PostgreSQL lets every login run a new function; in schema md only the grants a migration
      // makes to the groups count, so whatever a step forgot to revoke is revoked here.
      await client.query('REVOKE ALL ON ALL FUNCTIONS IN SCHEMA md FROM PUBLIC');
      await client.query('INSERT INTO md.schema_info (version, name) VALUES ($1, $2)', [
        step.version,
        step.name,
      ]);
      await client.query('COMMIT');
      ran.push(step.version);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw new Error(
        `Migration ${step.version} (${step.name}) failed and was undone: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
  }
  return ran;
}
