import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { WriteStep } from '@main/app/journaled-write';
import type { RunningSandbox } from '@main/sandbox';
import { isConnectionFailure } from '@main/storage/pg/errors';
import { addDecimal } from '@shared/money/exact';
import { startCrashProxy, type CrashProxy } from './crash-proxy';
import type { PgCluster } from './pg-cluster';
import { createPgTeam, seedDesk, type SeededDesk } from './pg-team';
import { startTestSandbox } from './sandbox-request';
import { startTeamDesk, valueOf, type TeamDesk } from './team-desk';

/** A valid TRON address nobody holds (the Sandbox's play money goes nowhere). */
export const TEAM_ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
export const TEAM_MERCHANT = { id: 'team-faults', apiKey: 'team-faults-key-0123456789' };
export const PERSON = 'fay';

/** Amounts are compared as numbers ("12.500000" and "12.5" are one amount). */
export const amountKey = (amount: string): string => addDecimal(amount, '0');

export const withdrawalBody = (amount: string) => ({
  coin: 'usdt',
  network: 'tron',
  amount,
  to_address: TEAM_ADDRESS,
});

/** How a desk sees one entry: the port's row, and who holds its claim since when. */
export interface SeenEntry {
  entry: { id: number; state: string } | null;
  holder: { desk: string; at: string; person: string } | null;
}

/**
 * One team ledger, one Sandbox behind the crash proxy, and desk processes started on demand: what
 * the team fault drills and the team soak share.
 */
export interface TeamFaults {
  cluster: PgCluster;
  database: string;
  /** SQL as the superuser (the owner of schema md) in the team's database; survives a server restart. */
  admin<T extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    params?: unknown[],
  ): Promise<pg.QueryResult<T>>;
  sandbox: RunningSandbox;
  proxy: CrashProxy;
  dataDir: string;
  desk(name: string): Promise<SeededDesk>;
  /** A desk process; `dataDir` (its side file) is kept across restarts when given, else a new one. */
  start(desk: SeededDesk, options?: { stopAt?: WriteStep; dataDir?: string }): Promise<TeamDesk>;
  /**
   * Reads through the desk's store until its pool holds no connection the last restart broke (each
   * broken one fails one query, then is dropped): returns how many reads failed so.
   */
  reconnect(desk: TeamDesk): Promise<number>;
  /** What the Sandbox itself performed for this amount (its own record). */
  performed(amount: string): number;
  /** The withdrawal bodies with this amount that reached the service through the proxy. */
  forwarded(amount: string): number;
  /** The ledger's entry for this amount, as `by` reads it (exactly one is expected). */
  entryFor(by: TeamDesk, amount: string): Promise<SeenEntry & { id: number }>;
  close(): Promise<void>;
}

export async function startTeamFaults(cluster: PgCluster, prefix: string): Promise<TeamFaults> {
  const team = await createPgTeam(cluster, prefix);
  await team.person(PERSON, 'operator');
  // The team helper's owner is one connection, which a server restart would break (and its error
  // event, unheard, would end the test run): from here on the owner speaks through a pool.
  await team.close();
  const owner = new pg.Pool({ ...cluster.config(team.database), max: 2 });
  owner.on('error', () => {});
  const sandbox = await startTestSandbox({ startTime: Date.now() });
  sandbox.control.addMerchant({
    ...TEAM_MERCHANT,
    allowWithdrawals: true,
    balances: { 'usdt:tron': '1000000' },
  });
  const proxy = await startCrashProxy(sandbox.url);
  const dataDir = mkdtempSync(join(tmpdir(), 'md-team-faults-'));
  const desks: TeamDesk[] = [];
  const amountOf = (body: string) => {
    try {
      return amountKey(String((JSON.parse(body) as { amount?: unknown }).amount));
    } catch {
      return null;
    }
  };
  const faults: TeamFaults = {
    cluster,
    database: team.database,
    // Again when the connection was found dead: after a restart the pool may still hold such ones.
    async admin(sql, params) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await owner.query(sql, params);
        } catch (error) {
          if (attempt > 3 || !isConnectionFailure(error)) throw error;
        }
      }
    },
    sandbox,
    proxy,
    dataDir,
    desk: (name) => seedDesk(owner, name),
    async start(desk, { stopAt, dataDir: deskDir } = {}) {
      const started = await startTeamDesk({
        pg: team.config(PERSON),
        desk: { id: desk.id, token: desk.token },
        baseUrl: proxy.url,
        merchant: TEAM_MERCHANT,
        dataDir: deskDir ?? mkdtempSync(join(dataDir, 'desk-')),
        ...(stopAt ? { stopAt } : {}),
      });
      desks.push(started);
      return started;
    },
    async reconnect(desk) {
      let failed = 0;
      for (let ok = 0; ok < 4;) {
        if ((await desk.send({ cmd: 'entry', id: 0 })).ok) ok += 1;
        else if (++failed > 12) throw new Error('the desk cannot reach the server again');
      }
      return failed;
    },
    performed: (amount) =>
      sandbox.control
        .withdrawals(TEAM_MERCHANT.id)
        .filter(
          (w) => amountKey(String((w.amounts as { requested: string }).requested)) === amountKey(amount),
        ).length,
    forwarded: (amount) => proxy.forwarded.filter((body) => amountOf(body) === amountKey(amount)).length,
    async entryFor(by, amount) {
      const ids = valueOf(await by.send<number[]>({ cmd: 'find', amount }));
      if (ids.length !== 1) throw new Error(`expected one entry of ${amount}, the ledger has ${ids.length}`);
      const id = ids[0]!;
      return { id, ...valueOf(await by.send<SeenEntry>({ cmd: 'entry', id })) };
    },
    async close() {
      for (const desk of desks)
        if (desk.child.exitCode === null && desk.child.signalCode === null) await desk.kill();
      await proxy.close();
      await sandbox.close();
      await owner.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return faults;
}
