import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * A PostgreSQL cluster of the test's own: Debian's binaries, a temp folder, a unix socket and no TCP
 * (`listen_addresses=''`). PostgreSQL refuses to run as root, so as root the cluster is made and run
 * by the `postgres` user. The superuser `postgres` connects without a password over the socket (the
 * tests' admin); every other login needs its SCRAM password, as on a team's server.
 */
export interface PgCluster {
  readonly socketDir: string;
  readonly port: number;
  /** Connection settings for a login (the superuser when no user is given). */
  config(database: string, user?: string, password?: string): pg.ClientConfig;
  /** Runs SQL as the superuser in a database (`postgres` by default). */
  admin<T extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    params?: unknown[],
    database?: string,
  ): Promise<pg.QueryResult<T>>;
  /** A new empty database with a unique name. */
  createDatabase(prefix?: string): Promise<string>;
  /** `fast` stops at once as a crash would (`immediate`); the cluster comes back on `start`. */
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  /** Stops the server and removes its folder. */
  destroy(): void;
}

const BIN = process.env.MD_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const asRoot = process.getuid?.() === 0;

/** Why PostgreSQL cannot run here, or null when it can. */
export function pgUnavailable(): string | null {
  if (!existsSync(join(BIN, 'initdb'))) return `PostgreSQL binaries not found in ${BIN}`;
  if (asRoot && spawnSync('id', ['-u', 'postgres']).status !== 0) return 'no postgres user to run it as';
  return null;
}

function run(command: string, args: string[]): void {
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
}

let databases = 0;

export function startPgCluster(): PgCluster {
  const reason = pgUnavailable();
  if (reason) throw new Error(`Cannot start PostgreSQL: ${reason}`);
  const root = mkdtempSync(join(tmpdir(), 'md-pg-'));
  const dataDir = join(root, 'data');
  const socketDir = join(root, 'sock');
  const port = 5432;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(root, uid, gid);
  }
  chmodSync(root, 0o755);
  run(join(BIN, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '-A',
    'trust',
  ]);
  run('mkdir', ['-p', socketDir]);
  const hba = ['local all postgres trust', 'local all all scram-sha-256', ''].join('\n');
  const writeAsOwner = (file: string, text: string) => {
    writeFileSync(file, text);
    if (asRoot) run('chown', ['postgres', file]);
  };
  writeAsOwner(join(dataDir, 'pg_hba.conf'), hba);
  const settings = [
    "listen_addresses = ''",
    `unix_socket_directories = '${socketDir}'`,
    `port = ${port}`,
    "password_encryption = 'scram-sha-256'",
    // Test data only: a lost cluster is remade. Durability of the team's own server is its admin's.
    'fsync = off',
    'full_page_writes = off',
    'max_connections = 200',
    '',
  ].join('\n');
  writeAsOwner(join(dataDir, 'postgresql.auto.conf'), settings);
  const pgCtl = (args: string[]) => run(join(BIN, 'pg_ctl'), ['-D', dataDir, '-s', ...args]);
  const start = () => pgCtl(['-w', '-l', join(root, 'server.log'), 'start']);
  start();
  let running = true;
  const cluster: PgCluster = {
    socketDir,
    port,
    config: (database, user = 'postgres', password) => ({
      host: socketDir,
      port,
      database,
      user,
      ...(password === undefined ? {} : { password }),
    }),
    async admin(sql, params, database = 'postgres') {
      const client = new pg.Client(cluster.config(database));
      await client.connect();
      try {
        return await client.query(sql, params);
      } finally {
        await client.end();
      }
    },
    async createDatabase(prefix = 'md_test') {
      databases += 1;
      const name = `${prefix}_${process.pid}_${databases}`;
      await cluster.admin(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);
      return name;
    },
    stop(mode = 'fast') {
      if (!running) return;
      pgCtl(['-w', '-m', mode, 'stop']);
      running = false;
    },
    start() {
      if (running) return;
      start();
      running = true;
    },
    destroy() {
      try {
        cluster.stop('immediate');
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
  return cluster;
}
