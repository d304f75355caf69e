import { createHash, randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { migrate } from '@main/storage/pg/migrate';
import type { PgCluster } from '../../helpers/pg-cluster';

/**
 * A migrated team ledger for the bench figures. Not test/helpers/pg-team.ts: that one imports
 * vitest, and the bench runs under plain tsx. Desks are enrolled directly as the owner, as there.
 */
export interface BenchTeam {
  readonly database: string;
  /** The owner's connection (the superuser, who owns schema md). */
  readonly owner: pg.Client;
  /** Connection settings for an operator login made for the bench. */
  operator(max?: number): pg.PoolConfig;
  /** Connection settings for a viewer login (what live sync reads with). */
  viewer(): pg.ClientConfig;
  desk(name: string): Promise<{ id: string; token: string; deskId: string }>;
  close(): Promise<void>;
}

const PASSWORD = 'pw-bench-secret';

export async function createBenchTeam(cluster: PgCluster, prefix: string): Promise<BenchTeam> {
  const database = await cluster.createDatabase(prefix);
  const owner = new pg.Client(cluster.config(database));
  await owner.connect();
  await migrate(owner);
  // Roles are cluster-wide: made once, granted again harmlessly in every database's run.
  await owner.query(`DO $p$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'bench_op') THEN
      CREATE ROLE bench_op LOGIN PASSWORD '${PASSWORD}';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'bench_view') THEN
      CREATE ROLE bench_view LOGIN PASSWORD '${PASSWORD}';
    END IF; END $p$`);
  await owner.query('GRANT md_operator TO bench_op');
  await owner.query('GRANT md_viewer TO bench_view');
  return {
    database,
    owner,
    operator: (max = 2) => ({ ...cluster.config(database, 'bench_op', PASSWORD), max }),
    viewer: () => cluster.config(database, 'bench_view', PASSWORD),
    async desk(name) {
      const id = randomUUID();
      const token = randomBytes(24).toString('base64url');
      const hash = createHash('sha256').update(token, 'utf8').digest();
      await owner.query('INSERT INTO md.desks (id, name, token_hash) VALUES ($1, $2, $3)', [id, name, hash]);
      return { id, token, deskId: `desk-${id}` };
    },
    close: () => owner.end(),
  };
}
