import { execFile } from 'node:child_process';
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_SCHEMA_VERSION } from '@main/storage/pg/migrate';
import { pgUnavailable, startPgCluster, type PgCluster } from '@test/helpers/pg-cluster';
import { makeTestCa } from '@test/helpers/tls-certs';

const reason = pgUnavailable();
if (reason && process.env.CI) throw new Error(`PostgreSQL is required in CI: ${reason}`);
const run = promisify(execFile);

describe.skipIf(reason)('npm run team:migrate: the admin’s explicit migration, over TLS', () => {
  let cluster: PgCluster;
  let folder: string;
  let args: string[];
  beforeAll(async () => {
    const ca = makeTestCa();
    cluster = startPgCluster({ tls: ca.serverCert(['IP:127.0.0.1']) });
    // The ledger's owner: makes the roles and owns schema md (the server guide's first admin).
    await cluster.admin("CREATE ROLE owner_ada LOGIN CREATEROLE PASSWORD 'owner pw'");
    const database = await cluster.createDatabase('migrate_cli');
    await cluster.admin(`ALTER DATABASE ${database} OWNER TO owner_ada`);
    folder = mkdtempSync(join(tmpdir(), 'md-migrate-'));
    writeFileSync(join(folder, 'ca.pem'), ca.caPem);
    args = [
      'tsx',
      'scripts/team-migrate.ts',
      '--host',
      '127.0.0.1',
      '--port',
      String(cluster.tcpPort),
      '--database',
      database,
      '--user',
      'owner_ada',
      '--ca',
      join(folder, 'ca.pem'),
    ];
  });
  afterAll(() => {
    cluster?.destroy();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });
  const cli = (extra: string[], password = 'owner pw') =>
    run('npx', [...args, ...extra], { env: { ...process.env, PGPASSWORD: password } }).catch(
      (error: { stdout: string; stderr: string; code: number }) => error,
    );

  it('says what it would do, migrates only with --yes, then has nothing to do', async () => {
    expect((await cli([])).stdout).toMatch(/at schema 0; this version needs \d+\. .*--yes/s);
    const migrated = await cli(['--yes']);
    expect(migrated.stdout).toMatch(
      new RegExp(`Migrated .* as owner_ada: ran 1, .*now at ${CODE_SCHEMA_VERSION}`),
    );
    expect((await cli(['--yes'])).stdout).toMatch(/nothing to do/);
  }, 60_000);

  it('refuses in words with a wrong password', async () => {
    const wrong = (await cli(['--yes'], 'not it')) as { stderr: string; code: number };
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/^Not migrated: .*password/m);
  }, 60_000);
});
