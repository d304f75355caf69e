import { randomBytes, randomUUID, createHash } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { migrate } from '@main/storage/pg/migrate';
import { pgUnavailable, startPgCluster, type PgCluster } from './pg-cluster';

export type TeamRole = 'viewer' | 'operator' | 'admin';

/**
 * A describe block with a PostgreSQL cluster of its own (one per test file: started in beforeAll,
 * destroyed in afterAll). Where PostgreSQL cannot run the block is skipped with the reason, except in
 * CI (process.env.CI), where starting it fails the file: CI must run these.
 */
export function describeWithPg(name: string, body: (cluster: () => PgCluster) => void): void {
  const reason = pgUnavailable();
  if (reason && !process.env.CI) {
    describe.skip(`${name} (skipped: ${reason})`, () => {
      it('needs PostgreSQL', () => {});
    });
    return;
  }
  describe(name, () => {
    let cluster: PgCluster | undefined;
    beforeAll(() => {
      cluster = startPgCluster();
    }, 60_000);
    // Removing a cluster that holds a database per test (the contract suite makes two dozen) took
    // 40-75 s on the shared 2-core machine under load (load average near 20).
    afterAll(() => cluster?.destroy(), 180_000);
    body(() => {
      if (!cluster) throw new Error('the PostgreSQL cluster did not start');
      return cluster;
    });
  });
}

export interface SeededDesk {
  id: string;
  token: string;
  name: string;
}

/** Enrolls a desk directly as the owner (what h-team's enrollment does through its own function). */
export async function seedDesk(
  client: Pick<pg.ClientBase, 'query'>,
  name: string,
  id: string = randomUUID(),
): Promise<SeededDesk> {
  const token = randomBytes(24).toString('base64url');
  const hash = createHash('sha256').update(token, 'utf8').digest();
  await client.query('INSERT INTO md.desks (id, name, token_hash) VALUES ($1, $2, $3)', [id, name, hash]);
  return { id, token, name };
}

/**
 * A team ledger database, migrated by its owner (a copy of a migrated template), with people and desks
 * made on demand.
 */
export interface PgTeam {
  readonly cluster: PgCluster;
  readonly database: string;
  /** Runs SQL as the owner of schema md (the superuser unless made with `owner: 'plain'`) in this database. */
  admin<T extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    params?: unknown[],
  ): Promise<pg.QueryResult<T>>;
  /** A LOGIN role with a SCRAM password in one of the groups; made once per cluster, reused after. */
  person(name: string, role: TeamRole): Promise<{ user: string; password: string }>;
  seedDesk(name: string, id?: string): Promise<SeededDesk>;
  /** Connection settings for a person (made as an operator when new). */
  config(person: string): pg.ClientConfig;
  /** A connection as `person` that has attached `desk`; closed by `close()`. */
  deskClient(desk: SeededDesk, person?: string, role?: TeamRole): Promise<pg.Client>;
  close(): Promise<void>;
}

const passwordOf = (name: string) => `pw-${name}-secret`;

export interface PgTeamOptions {
  /**
   * Who owns the ledger. `superuser` (the default): the cluster's superuser, as in most tests. `plain`:
   * the login the server guide's first admin makes, with CREATEROLE and nothing else (not superuser, not
   * in pg_read_all_stats), owning the database; then `admin` runs as that login.
   */
  owner?: 'superuser' | 'plain';
}

/** The plain owner's login; roles are cluster-wide, so it is made once and owns each database it needs. */
const PLAIN_OWNER = 'ledger_owner';

/** Connection settings for the ledger's owner in a database of the cluster. */
const ownerConfig = (cluster: PgCluster, database: string, plain: boolean) =>
  plain ? cluster.config(database, PLAIN_OWNER, passwordOf(PLAIN_OWNER)) : cluster.config(database);

/** Each cluster's migrated template databases, one per kind of owner, made on first use. */
const templates = new WeakMap<PgCluster, Map<boolean, Promise<string>>>();

/**
 * A database migrated by its owner, with nothing else in it, that each team's database is copied from
 * (`CREATE DATABASE … TEMPLATE`): on a quiet machine an empty database and its migrations took about
 * 160 ms, a copy takes 50 ms, and the tests make a few hundred. What a copy holds is what migrating
 * gave (the same owner, the same grants, the same md.schema_info). Roles are the cluster's, not
 * copied: the groups the migrations make exist once the template is made, and people are made per
 * team as before. The migrations still run from scratch in the tests of migrating (pg-core,
 * connection-test, connection-tls, team-migrate-script) and once per cluster here.
 */
function migratedTemplate(cluster: PgCluster, plain: boolean): Promise<string> {
  const made = templates.get(cluster) ?? new Map<boolean, Promise<string>>();
  templates.set(cluster, made);
  const known = made.get(plain);
  if (known) return known;
  const making = (async () => {
    const database = await cluster.createDatabase(plain ? 'template_plain' : 'template');
    if (plain) await cluster.admin(`ALTER DATABASE ${database} OWNER TO ${PLAIN_OWNER}`);
    const owner = new pg.Client(ownerConfig(cluster, database, plain));
    await owner.connect();
    try {
      await migrate(owner);
    } finally {
      // A template is copied only while nobody is connected to it.
      await owner.end();
    }
    return database;
  })();
  // A failed attempt (the server stopped by a test) is not remembered: the next team tries again.
  making.catch(() => made.delete(plain));
  made.set(plain, making);
  return making;
}

export async function createPgTeam(
  cluster: PgCluster,
  prefix = 'team',
  options: PgTeamOptions = {},
): Promise<PgTeam> {
  const plain = options.owner === 'plain';
  if (plain) {
    await cluster.admin(`DO $p$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${PLAIN_OWNER}') THEN
        CREATE ROLE ${PLAIN_OWNER} LOGIN CREATEROLE PASSWORD '${passwordOf(PLAIN_OWNER)}';
      END IF; END $p$`);
  }
  const template = await migratedTemplate(cluster, plain);
  const database = await cluster.createDatabase(prefix, {
    template,
    ...(plain ? { owner: PLAIN_OWNER } : {}),
  });
  const owner = new pg.Client(ownerConfig(cluster, database, plain));
  // A test that stops the server sees its failures through its own queries; the connection's idle
  // error must not be thrown at the test runner instead.
  const quiet = (client: pg.Client) => client.on('error', () => {});
  quiet(owner);
  await owner.connect();
  const clients: pg.Client[] = [];
  const team: PgTeam = {
    cluster,
    database,
    admin: (sql, params) => owner.query(sql, params),
    async person(name, role) {
      if (!/^[a-z][a-z0-9_]{0,40}$/.test(name)) throw new Error(`not a plain role name: ${name}`);
      const password = passwordOf(name);
      await owner.query(`DO $p$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${name}') THEN
          CREATE ROLE ${name} LOGIN PASSWORD '${password}';
        END IF; END $p$`);
      await owner.query(`GRANT md_${role} TO ${name}`);
      return { user: name, password };
    },
    seedDesk: (name, id) => seedDesk(owner, name, id),
    config: (person) => cluster.config(database, person, passwordOf(person)),
    async deskClient(desk, person = 'olga', role = 'operator') {
      await team.person(person, role);
      const client = new pg.Client(team.config(person));
      quiet(client);
      await client.connect();
      clients.push(client);
      await client.query('SELECT md.attach_desk($1, $2)', [desk.id, desk.token]);
      return client;
    },
    async close() {
      await Promise.all(clients.map((c) => c.end().catch(() => {})));
      await owner.end();
    },
  };
  return team;
}
