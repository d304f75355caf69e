import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  chownSync,
  constants,
  existsSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statfsSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * A PostgreSQL cluster of the test's own: Debian's binaries, a temp folder, a unix socket and no TCP
 * (`listen_addresses=''`). PostgreSQL refuses to run as root, so as root the cluster is made and run
 * by the `postgres` user. The superuser `postgres` connects without a password over the socket (the
 * tests' admin); every other login needs its SCRAM password, as on a team's server. With the `tls`
 * option it also listens on 127.0.0.1 over TLS, for the tests of the connection's certificate checks.
 */
export interface PgCluster {
  readonly socketDir: string;
  readonly port: number;
  /** With the `tls` option: it also listens on 127.0.0.1 and .2 at this port, TLS and SCRAM only. */
  readonly tcpPort: number | null;
  /** Connection settings for a login (the superuser when no user is given). */
  config(database: string, user?: string, password?: string): pg.ClientConfig;
  /** Runs SQL as the superuser in a database (`postgres` by default). */
  admin<T extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    params?: unknown[],
    database?: string,
  ): Promise<pg.QueryResult<T>>;
  /** A new database with a unique name: empty, or a copy of `copy.template` (then owned by `copy.owner`). */
  createDatabase(prefix?: string, copy?: { template: string; owner?: string }): Promise<string>;
  /** `fast` stops at once as a crash would (`immediate`); the cluster comes back on `start`. */
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  /** Stops the server and removes its folder. */
  destroy(): void;
}

/**
 * Debian and Ubuntu keep each major version's binaries in /usr/lib/postgresql/<major>/bin: the newest
 * one installed is used (15 on Debian 12, 16 on GitHub's Ubuntu runners), or MD_PG_BIN when set.
 */
function postgresBin(): string {
  if (process.env.MD_PG_BIN) return process.env.MD_PG_BIN;
  const base = '/usr/lib/postgresql';
  const majors = existsSync(base)
    ? readdirSync(base)
        .filter((name) => /^\d+$/.test(name))
        .map(Number)
        .sort((a, b) => b - a)
    : [];
  return join(base, String(majors[0] ?? 15), 'bin');
}

const BIN = postgresBin();
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

/**
 * Where clusters are made: MD_PG_TMP when set, else /dev/shm when it is a tmpfs with room to spare,
 * else the temp folder. On this machine's disk (ext4 mounted with `discard`) removing a cluster took
 * 1.4 s quiet and 4-50 s under load, its initdb 2-8 s; in memory 0.4 s and 3 s. A container's
 * /dev/shm is often 64 MB, too small for one cluster: the room check sends those to the temp folder.
 */
function clusterBase(): string {
  if (process.env.MD_PG_TMP) return process.env.MD_PG_TMP;
  try {
    const shm = statfsSync('/dev/shm');
    accessSync('/dev/shm', constants.W_OK);
    if (shm.bavail * shm.bsize >= 2 * 1024 ** 3) return '/dev/shm';
  } catch {
    // No /dev/shm (not Linux): the temp folder.
  }
  return tmpdir();
}

type Owner = { uid: number; gid: number } | null;

const INITDB_ARGS = ['-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '-A', 'trust'];

/**
 * An empty data folder made by initdb once and copied for each cluster: initdb was most of a cluster's
 * start (1.5-8 s of the 2-9 s; a copy takes 0.1-0.5 s), and about 45 test files start one. It is kept
 * for the next run under a name made of the binaries, the user and initdb's arguments (39 MB; another
 * PostgreSQL gets another). It holds no migration: each cluster migrates its own template database
 * (test/helpers/pg-team.ts). Made in a folder of its own and renamed into place whole, so a run never
 * copies half of one, and two workers making it at once both end with the same one.
 */
function initdbOnce(base: string, owner: Owner): string {
  const key = createHash('sha256')
    .update([BIN, process.getuid?.() ?? '', ...INITDB_ARGS].join('\n'))
    .digest('hex')
    .slice(0, 16);
  const made = join(base, `md-pg-initdb-${key}`);
  if (existsSync(join(made, 'global', 'pg_control'))) return made;
  const scratch = mkdtempSync(join(base, 'md-pg-initdb-making-'));
  try {
    if (owner) chownSync(scratch, owner.uid, owner.gid);
    run(join(BIN, 'initdb'), ['-D', join(scratch, 'data'), ...INITDB_ARGS]);
    try {
      renameSync(join(scratch, 'data'), made);
    } catch (error) {
      // Another worker renamed its own first: that one is used.
      if (!existsSync(join(made, 'global', 'pg_control'))) throw error;
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return made;
}

export interface PgClusterOptions {
  /**
   * Also listen on 127.0.0.1 and 127.0.0.2 (a free port) with `ssl = on` and this server certificate and key (PEM):
   * TCP logins must use TLS and SCRAM (`hostssl`), as on a team's server. The unix socket stays.
   */
  tls?: { certPem: string; keyPem: string };
}

/** A port nobody listens on now (the kernel's pick); the cluster takes it a moment later. */
function freePort(): number {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script]).toString());
}

export function startPgCluster(options: PgClusterOptions = {}): PgCluster {
  const reason = pgUnavailable();
  if (reason) throw new Error(`Cannot start PostgreSQL: ${reason}`);
  const base = clusterBase();
  const root = mkdtempSync(join(base, 'md-pg-'));
  const dataDir = join(root, 'data');
  const socketDir = join(root, 'sock');
  const owner: Owner = asRoot
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres']).toString()),
        gid: Number(execFileSync('id', ['-g', 'postgres']).toString()),
      }
    : null;
  if (owner) chownSync(root, owner.uid, owner.gid);
  chmodSync(root, 0o755);
  // The copy keeps initdb's modes (PostgreSQL refuses a data folder others may read).
  run('cp', ['-a', initdbOnce(base, owner), dataDir]);
  run('mkdir', ['-p', socketDir]);
  const tcpPort = options.tls ? freePort() : null;
  const hba = ['local all postgres trust', 'local all all scram-sha-256'];
  if (options.tls) hba.push('hostssl all all 127.0.0.0/8 scram-sha-256');
  const writeAsOwner = (file: string, text: string) => {
    writeFileSync(file, text, { mode: 0o600 });
    // chown as root: a file root just made cannot be given away by the postgres user.
    if (owner) chownSync(file, owner.uid, owner.gid);
  };
  writeAsOwner(join(dataDir, 'pg_hba.conf'), [...hba, ''].join('\n'));
  const tls = options.tls
    ? (() => {
        writeAsOwner(join(dataDir, 'server.crt'), options.tls.certPem);
        writeAsOwner(join(dataDir, 'server.key'), options.tls.keyPem);
        return ['ssl = on', "ssl_cert_file = 'server.crt'", "ssl_key_file = 'server.key'"];
      })()
    : [];
  // One port number names both the socket file and, with TLS, the TCP port.
  const port = tcpPort ?? 5432;
  const settings = [
    // 127.0.0.2 too: the same server under an address its certificate does not name (a name-mismatch test).
    tcpPort === null ? "listen_addresses = ''" : "listen_addresses = '127.0.0.1,127.0.0.2'",
    ...tls,
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
    tcpPort,
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
    async createDatabase(prefix = 'md_test', copy) {
      databases += 1;
      const name = `${prefix}_${process.pid}_${databases}`;
      await cluster.admin(
        copy
          ? `CREATE DATABASE ${name} TEMPLATE ${copy.template}${copy.owner ? ` OWNER ${copy.owner}` : ''}`
          : `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`,
      );
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
