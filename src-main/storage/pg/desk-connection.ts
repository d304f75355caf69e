import pg from 'pg';
import { toJournalError } from './errors';

type Queryable = Pick<pg.ClientBase, 'query'>;

/**
 * This desk's way to the team's server: a pool whose every connection has attached the desk (the
 * server names the desk by its connection, see md.current_desk), and a single place where server
 * failures become the port's errors.
 */
export interface DeskConnection {
  /** A read or a function call on any attached connection. */
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Several statements on one connection inside one transaction (REPEATABLE READ: one moment). */
  snapshot<T>(work: (client: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DeskCredentials {
  /** The desk's id in md.desks (a uuid). */
  deskUuid: string;
  /** The desk's secret; the server keeps only its hash. */
  token: string;
}

export function deskConnection(source: pg.Pool | pg.PoolConfig, desk: DeskCredentials): DeskConnection {
  const owned = !(source instanceof pg.Pool);
  const pool = source instanceof pg.Pool ? source : new pg.Pool(source);
  // An idle connection's error (the server restarting) must not crash main: the next query reconnects.
  // Every failure reaches the caller through the query it broke; the same failure's events (an idle
  // connection's, or the EPIPE of ending a dead one) must not crash main as unhandled errors.
  if (owned) {
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
  }
  const attached = new WeakSet<pg.PoolClient>();

  async function take(): Promise<pg.PoolClient> {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw toJournalError(error);
    }
    if (attached.has(client)) return client;
    try {
      await client.query('SELECT md.attach_desk($1, $2)', [desk.deskUuid, desk.token]);
      attached.add(client);
      return client;
    } catch (error) {
      client.release(true);
      throw toJournalError(error);
    }
  }

  // Presence: one attached connection held for the store's life, so other desks see this desk as
  // alive (its lock in md.attach_desk) even while it waits for an answer with nothing to query. Lost
  // with the server (a restart), it is taken again by the next query.
  let presence: pg.PoolClient | null = null;
  let closing = false;
  async function present(): Promise<void> {
    if (presence || closing) return;
    const client = await take();
    presence = client;
    client.on('error', () => {
      // Once: a dead connection may report more than one error.
      if (presence !== client) return;
      presence = null;
      client.release(true);
    });
  }

  return {
    async query(sql, params) {
      await present();
      const client = await take();
      let broken: Error | undefined;
      try {
        return (await client.query(sql, params)).rows;
      } catch (error) {
        if ((error as { code?: string }).code === undefined) broken = error as Error;
        throw toJournalError(error);
      } finally {
        client.release(broken);
      }
    },
    async snapshot(work) {
      await present();
      const client = await take();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        const result = await work(client);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((e: Error) => (broken = e));
        throw toJournalError(error);
      } finally {
        client.release(broken);
      }
    },
    async close() {
      closing = true;
      presence?.release();
      presence = null;
      if (owned) await pool.end();
    },
  };
}
