import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { migrate } from '@main/storage/pg/migrate';
import { clientConfig, parseTeamConnection } from '@main/team/connection-settings';
import { testTeamConnection } from '@main/team/connection-test';
import { describeConnectionError } from '@main/team/connection-problems';
import { pgUnavailable, startPgCluster, type PgCluster } from '@test/helpers/pg-cluster';
import { makeTestCa, type TestCa } from '@test/helpers/tls-certs';

const reason = pgUnavailable();
if (reason && process.env.CI) throw new Error(`PostgreSQL is required in CI: ${reason}`);

/** Logs in as given and answers whether the session runs over TLS, or throws what pg threw. */
async function login(settings: unknown, password: string): Promise<boolean> {
  const client = new pg.Client(clientConfig(parseTeamConnection(settings), password));
  await client.connect();
  try {
    const { rows } = await client.query<{ ssl: boolean }>(
      'SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()',
    );
    return rows[0]?.ssl === true;
  } finally {
    await client.end();
  }
}

async function problemOf(settings: { host: string; [field: string]: unknown }, password: string) {
  try {
    await login(settings, password);
  } catch (error) {
    return describeConnectionError(error, settings.host);
  }
  throw new Error('the login was expected to fail');
}

describe.skipIf(reason)(
  'the connection to a team server over TLS (real PostgreSQL, real certificates)',
  () => {
    let cluster: PgCluster;
    let ca: TestCa;
    let base: { port: number; database: string; user: string; caPem: string };

    beforeAll(async () => {
      ca = makeTestCa();
      cluster = startPgCluster({ tls: ca.serverCert(['IP:127.0.0.1']) });
      await cluster.admin("CREATE ROLE pat LOGIN PASSWORD 'correct horse'");
      base = { port: cluster.tcpPort!, database: 'postgres', user: 'pat', caPem: ca.caPem };
    });
    afterAll(() => cluster?.destroy());

    it('connects over TLS when the server’s certificate is signed by the given CA and names the host', async () => {
      expect(await login({ ...base, host: '127.0.0.1' }, 'correct horse')).toBe(true);
    });

    it('runs the whole connection test over TLS to a migrated team ledger', async () => {
      const database = await cluster.createDatabase('tls_team');
      const owner = new pg.Client(cluster.config(database));
      await owner.connect();
      try {
        await migrate(owner);
      } finally {
        await owner.end();
      }
      await cluster.admin('GRANT md_viewer TO pat');
      const settings = parseTeamConnection({ ...base, database, host: '127.0.0.1' });
      const report = await testTeamConnection(settings, 'correct horse');
      expect(report).toMatchObject({ ok: true, person: 'pat', role: 'viewer' });
      expect(report.words).toContain('Connected over TLS as “pat” (viewer)');
      const other = { ...settings, caPem: makeTestCa('Somebody else’s CA').caPem };
      expect(await testTeamConnection(other, 'correct horse')).toMatchObject({
        ok: false,
        problem: 'tls-not-signed',
      });
    });

    it('refuses a server whose certificate another CA signed, and says so', async () => {
      const other = makeTestCa('Somebody else’s CA');
      const problem = await problemOf({ ...base, caPem: other.caPem, host: '127.0.0.1' }, 'correct horse');
      expect(problem.problem).toBe('tls-not-signed');
      expect(problem.words).toContain('not signed by the CA certificate you entered');
    });

    it('refuses a certificate signed by the CA but for another name', async () => {
      const problem = await problemOf({ ...base, host: '127.0.0.2' }, 'correct horse');
      expect(problem.problem).toBe('tls-name-mismatch');
      expect(problem.words).toContain('is not for the address 127.0.0.2');
    });

    it('says the password is wrong, without repeating it', async () => {
      const problem = await problemOf({ ...base, host: '127.0.0.1' }, 'battery staple');
      expect(problem.problem).toBe('wrong-password');
      expect(problem.words).toContain('password is wrong');
      expect(problem.words).not.toContain('battery');
    });

    it('says the server cannot be reached when nothing listens there', async () => {
      const problem = await problemOf({ ...base, host: '127.0.0.1', port: 1 }, 'correct horse');
      expect(problem.problem).toBe('unreachable');
    });
  },
);
