import pg from 'pg';
import type { PgPool } from '@main/storage/pg/recon-call';
import type { PgTeam, SeededDesk, TeamRole } from '../../helpers/pg-team';

/** A pool whose connections speak for one desk, and the pool itself to end. */
export interface DeskPool extends PgPool {
  end(): Promise<void>;
}

/**
 * A pool of connections as `person` at `desk`, each attached to the desk before its first use (what
 * the desk's own connection does before anything else), as the recon stores expect from their caller.
 */
export async function deskPool(
  team: PgTeam,
  desk: SeededDesk,
  person: string,
  role: TeamRole = 'operator',
): Promise<DeskPool> {
  await team.person(person, role);
  const pool = new pg.Pool({ ...team.config(person), max: 4 });
  const attached = new WeakSet<pg.PoolClient>();
  const connect = async (): Promise<pg.PoolClient> => {
    const client = await pool.connect();
    if (!attached.has(client)) {
      try {
        await client.query('SELECT md.attach_desk($1, $2)', [desk.id, desk.token]);
      } catch (error) {
        client.release(true);
        throw error;
      }
      attached.add(client);
    }
    return client;
  };
  return {
    connect,
    async query(sql: string, params?: unknown[]) {
      const client = await connect();
      try {
        return await client.query(sql, params);
      } finally {
        client.release();
      }
    },
    end: () => pool.end(),
  };
}

/** The SQLSTATE (or JournalError kind) a rejected call carried. */
export async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const { code, kind } = error as { code?: unknown; kind?: unknown };
    return String(code ?? kind ?? error);
  }
  return 'no error';
}
