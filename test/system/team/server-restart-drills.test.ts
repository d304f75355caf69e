import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithPg, type SeededDesk } from '@test/helpers/pg-team';
import { valueOf, type TeamDesk, type TeamDeskAnswer } from '@test/helpers/team-desk';
import { PERSON, startTeamFaults, withdrawalBody, type TeamFaults } from '@test/helpers/team-faults';

/**
 * Team fault drills, system lane: the team's server is stopped as a crash would stop it
 * (`pg_ctl stop -m immediate`) and started again while a desk process is in the middle of claiming a
 * withdrawal. Whatever the server kept, the Sandbox must agree: a claim that committed is sent at most
 * once, one that did not is never sent, and the desk says which in words.
 */
const results: string[] = [];

interface WriteAnswer {
  outcome: string;
  warnings?: string[];
  error?: { message: string };
}

describeWithPg('team fault drills: the server restarted mid-claim (real PostgreSQL, Sandbox)', (cluster) => {
  let faults: TeamFaults;
  let deskX: SeededDesk;
  let x: TeamDesk;
  let other: TeamDesk;

  beforeAll(async () => {
    faults = await startTeamFaults(cluster(), 'restart');
    deskX = await faults.desk('Desk X');
    [other, x] = await Promise.all([faults.start(await faults.desk('Desk Y')), faults.start(deskX)]);
  }, 60_000);
  afterAll(async () => {
    await faults?.close();
    if (results.length) console.log(results.join('\n'));
  });

  const restartServer = () => {
    cluster().stop('immediate');
    cluster().start();
  };

  /** Takes the chain's head as the superuser, so the next claim waits on the server until released. */
  async function holdChainHead(): Promise<pg.Client> {
    const locker = new pg.Client(cluster().config(faults.database));
    locker.on('error', () => {});
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('SELECT * FROM md.chain_head FOR UPDATE');
    return locker;
  }

  async function claimWaiting(): Promise<void> {
    for (let i = 0; i < 500; i++) {
      const { rows } = await faults.admin<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE usename = $1 AND wait_event_type = 'Lock'",
        [PERSON],
      );
      if (rows[0]!.n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the desk’s claim never reached the server');
  }

  const entriesOf = async (amount: string) =>
    (
      await faults.admin<{ id: string; state: string; desk: string }>(
        `SELECT e.id, e.state, d.name AS desk FROM md.entries e JOIN md.desks d ON d.id = e.claimed_by
          WHERE e.amount::numeric = $1::numeric`,
        [amount],
      )
    ).rows;

  it('restarted while the claim waits on the server: it did not commit, nothing is sent, the desk says so', async () => {
    const amount = '21.000001';
    const locker = await holdChainHead();
    const answer = x.send<WriteAnswer>({ cmd: 'withdraw', body: withdrawalBody(amount) });
    await claimWaiting();
    restartServer();
    await locker.end().catch(() => {});

    const said = await answer;
    expect(said).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('Nothing was sent') },
    });
    expect(await entriesOf(amount)).toEqual([]);
    expect(faults.performed(amount)).toBe(0);
    expect(faults.forwarded(amount)).toBe(0);
    // Once the server is back the same desk sends the same withdrawal: the first attempt left nothing behind.
    const again = valueOf(await x.send<WriteAnswer>({ cmd: 'withdraw', body: withdrawalBody(amount) }));
    expect(again.outcome).toBe('accepted');
    expect(faults.performed(amount)).toBe(1);
    results.push(
      `server restart while the claim waited: not committed; desk said "${(said as { error: { message: string } }).error.message}"; ` +
        `Sandbox 0; sent again once the server was back: accepted, Sandbox 1`,
    );
  });

  it('restarted after the claim committed, before the send: sent once, the answer recorded once the server is back', async () => {
    const amount = '22.000002';
    const release = join(faults.dataDir, 'release-22');
    valueOf(await x.send({ cmd: 'pauseAt', step: 'intent-committed', releaseFile: release }));
    const answer = x.send<WriteAnswer>({ cmd: 'withdraw', body: withdrawalBody(amount) });
    expect(await x.stopped).toBe('intent-committed');
    restartServer();
    expect(await entriesOf(amount)).toEqual([{ id: expect.any(String), state: 'sending', desk: 'Desk X' }]);
    writeFileSync(release, '');
    await faults.reconnect(other);

    const said = valueOf(await answer);
    expect(said.outcome).toBe('accepted');
    expect(faults.performed(amount)).toBe(1);
    const held = valueOf(await x.send<{ held: number }>({ cmd: 'flush' }));
    expect(held).toEqual({ held: 0 });
    const seen = await faults.entryFor(other, amount);
    expect(seen.entry).toMatchObject({ state: 'accepted' });
    expect(seen.holder).toMatchObject({ desk: 'Desk X' });
    expect(faults.forwarded(amount)).toBe(1);
    const note = said.warnings?.find((w) => w.includes('could not record')) ?? 'recorded at once';
    results.push(
      `server restart after the claim committed: sent once (Sandbox 1), entry accepted on Desk Y; the desk said: ${note}`,
    );
  });

  it('restarted as the claim commits (2 rounds): whatever committed, the Sandbox agrees and nothing is sent twice', async () => {
    const branches: string[] = [];
    for (let round = 1; round <= 2; round++) {
      const amount = `23.00000${round}`;
      // The last restart broke the desk's pooled connections: first let it find that out on reads.
      await faults.reconnect(x);
      const locker = await holdChainHead();
      const answer = x.send<WriteAnswer>({ cmd: 'withdraw', body: withdrawalBody(amount) });
      await claimWaiting();
      // Release the claim and crash the server at once: the claim's commit races the crash.
      const committing = locker.query('COMMIT').catch(() => {});
      restartServer();
      await committing;
      await locker.end().catch(() => {});

      const said: TeamDeskAnswer<WriteAnswer> = await answer;
      valueOf(await x.send({ cmd: 'flush' }));
      const rows = await entriesOf(amount);
      const performed = faults.performed(amount);
      expect(performed).toBeLessThanOrEqual(1);
      expect(rows.length).toBeLessThanOrEqual(1);
      if (said.ok) {
        // The desk heard its claim commit: it sent once and the entry says what came back.
        expect(rows).toEqual([{ id: expect.any(String), state: said.value.outcome, desk: 'Desk X' }]);
        expect(performed).toBe(1);
        branches.push(`round ${round}: committed, sent once (${said.value.outcome})`);
      } else {
        // The desk did not hear it: it sent nothing and says so, whether or not the claim committed.
        expect(said.error.message).toContain('Nothing was sent');
        expect(performed).toBe(0);
        branches.push(
          `round ${round}: the desk did not hear the claim (${rows.length ? `committed, left ${rows[0]!.state}` : 'not committed'}), sent nothing`,
        );
      }
    }
    await faults.reconnect(other);
    // A claim that committed unheard stays this desk's sending row until its restart marks it unknown.
    const sending = (await faults.admin<{ id: string }>("SELECT id FROM md.entries WHERE state = 'sending'"))
      .rows;
    await x.close();
    x = await faults.start(deskX);
    expect(x.recovered).toEqual(sending.map((r) => Number(r.id)));
    results.push(
      `server restart racing the claim's commit: ${branches.join('; ')}; X's restart recovered [${x.recovered.join(', ')}]`,
    );
  });
});
