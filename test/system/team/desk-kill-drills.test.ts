import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithPg, type SeededDesk } from '@test/helpers/pg-team';
import { valueOf, type TeamDesk } from '@test/helpers/team-desk';
import { startTeamFaults, withdrawalBody, type TeamFaults } from '@test/helpers/team-faults';

/**
 * Team fault drills, system lane: each desk is a child process running the real journaled write on
 * the team ledger (openPgJournalStore) against the Sandbox behind the crash proxy, and is SIGKILLed at
 * an exact step; the other desk is another process reading the same server. No mock of the engine.
 */
const results: string[] = [];
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/;

describeWithPg('team fault drills: a desk killed mid-withdrawal (real PostgreSQL, Sandbox)', (cluster) => {
  let faults: TeamFaults;
  let deskX: SeededDesk;
  let other: TeamDesk;
  /** Desk X's current process: each drill's restart is the next drill's victim (a start costs seconds). */
  let x: TeamDesk;

  beforeAll(async () => {
    faults = await startTeamFaults(cluster(), 'kills');
    deskX = await faults.desk('Desk X');
    [other, x] = await Promise.all([faults.start(await faults.desk('Desk Y')), faults.start(deskX)]);
  }, 60_000);
  afterAll(async () => {
    await faults?.close();
    if (results.length) console.log(results.join('\n'));
  });

  /** What every other desk must see of X's interrupted withdrawal, and that it is never sent again. */
  async function othersSeeItClaimedAndRefuseIt(amount: string, performed: number) {
    const seen = await faults.entryFor(other, amount);
    expect(seen.entry).toMatchObject({ id: seen.id, state: 'sending' });
    expect(seen.holder).toMatchObject({ desk: 'Desk X', at: expect.stringMatching(ISO), person: 'fay' });
    // Desk Y typing the same withdrawal is refused by the guard on the server: it is never sent again.
    const again = await other.send<{ outcome: string }>({ cmd: 'withdraw', body: withdrawalBody(amount) });
    expect(again).toMatchObject({ ok: false, error: { kind: 'duplicate-withdrawal' } });
    expect(faults.performed(amount)).toBe(performed);
    expect(faults.forwarded(amount)).toBe(performed);
    return seen;
  }

  async function restartMarksItUnknown(id: number, amount: string, performed: number) {
    x = await faults.start(deskX);
    expect(x.recovered).toEqual([id]);
    const seen = await faults.entryFor(other, amount);
    expect(seen.entry).toMatchObject({ id, state: 'unknown' });
    expect(seen.holder).toMatchObject({ desk: 'Desk X' });
    expect(faults.performed(amount)).toBe(performed);
    return seen;
  }

  it('killed after the claim, before the send: claimed by X on every desk, never sent; X’s restart marks it unknown', async () => {
    const amount = '11.000001';
    const victim = x;
    valueOf(await victim.send({ cmd: 'stopAt', step: 'intent-committed' }));
    void victim.send({ cmd: 'withdraw', body: withdrawalBody(amount) });
    expect(await victim.stopped).toBe('intent-committed');
    await victim.kill();

    const seen = await othersSeeItClaimedAndRefuseIt(amount, 0);
    const after = await restartMarksItUnknown(seen.id, amount, 0);
    results.push(
      `kill after claim, before send: entry #${seen.id} shown on Desk Y as sending, claimed by Desk X at ${seen.holder?.at}; ` +
        `Y's identical withdrawal refused; X's restart recovered [${seen.id}] -> ${after.entry?.state}; Sandbox received 0`,
    );
  });

  it('killed after the send, before the answer: the Sandbox performed it once; every desk shows X’s claim; never re-sent', async () => {
    const amount = '12.000002';
    const victim = x;
    faults.proxy.hold('POST', '/v1/withdrawals', 'committed', () => victim.kill());
    void victim.send({ cmd: 'withdraw', body: withdrawalBody(amount) });
    await victim.exited;

    const seen = await othersSeeItClaimedAndRefuseIt(amount, 1);
    const after = await restartMarksItUnknown(seen.id, amount, 1);
    results.push(
      `kill after send, before answer: entry #${seen.id} shown on Desk Y as sending, claimed by Desk X at ${seen.holder?.at}; ` +
        `Y's identical withdrawal refused; X's restart recovered [${seen.id}] -> ${after.entry?.state}; Sandbox performed it 1 time`,
    );
  });

  it('a tampered row is reported by every desk: two desks’ stores verify and both name the entry', async () => {
    const amount = '13.000003';
    const sent = valueOf(
      await x.send<{ outcome: string }>({ cmd: 'withdraw', body: withdrawalBody(amount) }),
    );
    expect(sent.outcome).toBe('accepted');
    for (const desk of [x, other])
      expect(valueOf(await desk.send({ cmd: 'verify' }))).toMatchObject({ ok: true });

    const { id } = await faults.entryFor(other, amount);
    // The server's superuser changes the amount of a recorded withdrawal beside the functions.
    await faults.admin("UPDATE md.entries SET amount = '999999' WHERE id = $1", [id]);

    const reports: string[] = [];
    for (const [name, desk] of [
      ['Desk X', x],
      ['Desk Y', other],
    ] as const) {
      const check = valueOf(
        await desk.send<{ ok: boolean; brokenAt?: { entryId: number; reason: string } }>({ cmd: 'verify' }),
      );
      expect(check).toMatchObject({ ok: false, brokenAt: { entryId: id } });
      reports.push(`${name}: ${check.brokenAt?.reason}`);
    }
    results.push(`tampered entry #${id} (amount changed by the superuser): ${reports.join('; ')}`);
  });
});
