import pg from 'pg';
import { createPgTeam, type PgTeam, type SeededDesk } from '../../helpers/pg-team';
import type { PgCluster } from '../../helpers/pg-cluster';

export type Role = 'viewer' | 'operator' | 'admin' | 'approver' | 'auditor';

/** A withdrawal's request body as a desk sends it. */
export const body = (amount = '10', to = 'TDest1', coin = 'usdt', network = 'tron') =>
  JSON.stringify({ network, coin, amount, to_address: to });

/** What a refused call failed with (its SQLSTATE and words). */
export async function refusal(promise: Promise<unknown>): Promise<{ code?: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { code?: string; message: string };
  }
  throw new Error('expected the database to refuse');
}

/**
 * A team ledger for the approval tests: people with exactly the md_* groups asked for (a person may
 * hold several), and raw connections that attached a desk, so each test calls the database's
 * functions as a desk would, or as a desk that skipped its own checks.
 */
export interface ApprovalsTeam {
  readonly team: PgTeam;
  readonly desk: SeededDesk;
  readonly other: SeededDesk;
  member(name: string, ...roles: Role[]): Promise<void>;
  as(name: string, desk?: SeededDesk): Promise<pg.Client>;
  /** Saves and publishes a policy as `admin` (who must exist); returns the version. */
  publish(rules: unknown[], admin?: string): Promise<number>;
  close(): Promise<void>;
}

export async function approvalsTeam(cluster: PgCluster): Promise<ApprovalsTeam> {
  const team = await createPgTeam(cluster, 'approvals');
  const desk = await team.seedDesk('Desk A');
  const other = await team.seedDesk('Desk B');
  const clients: pg.Client[] = [];
  const self: ApprovalsTeam = {
    team,
    desk,
    other,
    async member(name, ...roles) {
      // Logins are cluster-wide: take every md_* group away first, then give exactly these.
      await team.person(name, 'viewer');
      for (const group of ['viewer', 'operator', 'admin', 'approver', 'auditor'])
        await team.admin(`REVOKE md_${group} FROM ${name}`);
      for (const role of roles) await team.admin(`GRANT md_${role} TO ${name}`);
    },
    async as(name, on = desk) {
      const client = new pg.Client(team.config(name));
      client.on('error', () => {});
      await client.connect();
      clients.push(client);
      await client.query('SELECT md.attach_desk($1, $2)', [on.id, on.token]);
      return client;
    },
    async publish(rules, admin = 'adam') {
      const c = await self.as(admin);
      const { rows } = await c.query<{ id: string }>('SELECT md.save_policy_draft($1, $2) AS id', [
        JSON.stringify(rules),
        'test policy',
      ]);
      const published = await c.query<{ v: number }>('SELECT md.publish_policy($1) AS v', [rows[0]!.id]);
      return published.rows[0]!.v;
    },
    async close() {
      await Promise.all(clients.map((c) => c.end().catch(() => {})));
      await team.close();
    },
  };
  return self;
}

/** Calls that return one value: `one(c, 'SELECT md.f($1) AS v', [..])`. */
export async function one<T = unknown>(client: pg.Client, sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await client.query<{ v: T }>(sql, params);
  return rows[0]!.v;
}
