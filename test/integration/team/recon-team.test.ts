import { afterEach, beforeEach, expect, it } from 'vitest';
import { eventHash } from '@main/storage/pg/chain-hash';
import { openPgReconciliation, verifyReconRows } from '@main/storage/pg/recon-stores';
import { createPgTeam, describeWithPg, type PgTeam, type SeededDesk } from '../../helpers/pg-team';
import { deskPool, refusal, type DeskPool } from './recon-pools';

const period = { from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' };
const live = { profileId: 'p-live', environment: 'live' as const };
const snap = (total: string) => ({ coin: 'usdt', network: 'tron', total, available: total, frozen: '0' });
const movement = (key: string) => ({
  key,
  kind: 'wallet-deposit' as const,
  coin: 'usdt',
  network: 'tron',
  amount: '5',
  effect: '5',
  at: '2026-11-01T05:00:00.000Z',
  entryId: null,
  outside: true,
  source: 'amount',
});

describeWithPg('reconciliation shared by the team', (cluster) => {
  let team: PgTeam;
  let deskA: SeededDesk;
  let deskB: SeededDesk;
  const pools: DeskPool[] = [];
  const at = async (desk: SeededDesk, person: string, role: 'viewer' | 'operator' = 'operator') => {
    const pool = await deskPool(team, desk, person, role);
    pools.push(pool);
    return { pool, ...openPgReconciliation(pool) };
  };
  beforeEach(async () => {
    team = await createPgTeam(cluster(), 'recon');
    deskA = await team.seedDesk('Desk A');
    deskB = await team.seedDesk('Desk B');
  });
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.end()));
    await team.close();
  });

  it('a session started on desk A, reviewed on desk B and closed on A shows who did each, in the chain too', async () => {
    const a = await at(deskA, 'olga');
    const b = await at(deskB, 'pavel');
    const row = await a.sessions.start({ ...live, ...period });
    // B sees the session A started, and reviews an item of it.
    expect((await b.sessions.list(live.profileId)).map((s) => s.id)).toEqual([row.id]);
    await b.sessions.review(row.id, 'difference:usdt:tron', 'explained by a fee', 'Pavel');
    const closed = await a.sessions.close(row.id, {
      by: 'Olga',
      note: 'ok',
      withExceptions: true,
      report: { lines: 1 },
    });
    expect(closed).toMatchObject({ state: 'closed', closed_by: 'Olga', with_exceptions: 1 });
    expect(JSON.parse(closed.report_json!)).toEqual({ lines: 1 });

    const people = await b.sessions.people(row.id);
    expect(people.started).toMatchObject({ person: 'olga', deskId: deskA.id, deskName: 'Desk A' });
    expect(people.reviews).toEqual([
      expect.objectContaining({ itemKey: 'difference:usdt:tron', person: 'pavel', deskName: 'Desk B' }),
    ]);
    expect(people.closed).toMatchObject({ person: 'olga', deskId: deskA.id, at: closed.closed_at });

    // Each step is an event of the team's chain, by that person at that desk, hashed as desks recompute it.
    const { rows } = await team.admin('SELECT * FROM md.events ORDER BY seq');
    expect(rows.map((e) => [e.type, e.person, e.desk_id])).toEqual([
      ['reconciliation.start', 'olga', deskA.id],
      ['reconciliation.review', 'pavel', deskB.id],
      ['reconciliation.close', 'olga', deskA.id],
    ]);
    let prev = '0'.repeat(64);
    for (const e of rows) {
      const fields = { seq: Number(e.seq), entryId: null, type: e.type, at: e.at, detail: e.detail };
      expect(eventHash({ ...fields, deskId: e.desk_id, person: e.person, prevHash: prev })).toBe(e.hash);
      prev = e.hash as string;
    }
    expect(await verifyReconRows(b.pool)).toEqual({ ok: true });
  });

  it('a viewer cannot close, start or review a session; a closed session refuses every desk, naming who closed it', async () => {
    const a = await at(deskA, 'olga');
    const viewer = await at(deskB, 'vera', 'viewer');
    const row = await a.sessions.start({ ...live, ...period });
    const closing = { by: 'Vera', note: 'done', withExceptions: false, report: {} };
    expect(await refusal(viewer.sessions.close(row.id, closing))).toBe('42501');
    expect(await refusal(viewer.sessions.review(row.id, 'x', 'seen', 'Vera'))).toBe('42501');
    expect(await refusal(viewer.sessions.start({ ...live, ...period }))).toBe('42501');
    expect(await refusal(viewer.pool.query("UPDATE md.recon_sessions SET state = 'closed'"))).toBe('42501');
    expect((await viewer.sessions.must(row.id)).state).toBe('open');

    const b = await at(deskB, 'pavel');
    await b.sessions.close(row.id, { ...closing, by: 'Pavel' });
    const late = a.sessions.close(row.id, { ...closing, by: 'Olga' });
    await expect(late).rejects.toMatchObject({
      kind: 'journal-conflict',
      message: expect.stringMatching(/closed by pavel on desk "Desk B"/),
    });
    expect(await refusal(a.sessions.review(row.id + 1, 'x', 'n', 'Olga'))).toBe('journal-not-found');
    const staging = { ...live, ...period, environment: 'staging' as 'live' };
    expect(await refusal(a.sessions.start(staging))).toBe('journal-invalid');
    expect(await refusal(a.sessions.start({ ...live, from: period.to, to: period.from }))).toBe(
      'journal-invalid',
    );
  });

  it('finds a session or review changed beside the chain, even by the owner of the tables', async () => {
    const a = await at(deskA, 'olga');
    const row = await a.sessions.start({ ...live, ...period });
    await a.sessions.review(row.id, 'item-1', 'first', 'Olga');
    await a.sessions.review(row.id, 'item-1', 'second', 'Olga');
    expect(await verifyReconRows(a.pool)).toEqual({ ok: true });
    await team.admin("UPDATE md.recon_reviews SET note = 'rewritten'");
    expect(await verifyReconRows(a.pool)).toMatchObject({
      ok: false,
      brokenAt: { reason: expect.stringMatching(/review of reconciliation session .* differs/) },
    });
    await team.admin("UPDATE md.recon_reviews SET note = 'second'");
    expect(await verifyReconRows(a.pool)).toEqual({ ok: true });
    await team.admin("UPDATE md.recon_sessions SET started_by = 'someone'");
    expect(await verifyReconRows(a.pool)).toMatchObject({ ok: false });
    await team.admin("UPDATE md.recon_sessions SET started_by = 'olga'");
    await team.admin('DELETE FROM md.recon_reviews');
    expect(await verifyReconRows(a.pool)).toMatchObject({
      ok: false,
      brokenAt: { reason: expect.stringMatching(/deleted/) },
    });
  });

  it('balance snapshots and movements are the same facts on every desk, kept once', async () => {
    const a = await at(deskA, 'olga');
    const b = await at(deskB, 'pavel');
    expect(await a.facts.recordSnapshots(live.profileId, [snap('10')], '2026-10-31T23:00:00.000Z')).toBe(1);
    // The same minute's balances read on another desk add nothing, unless forced.
    expect(await b.facts.recordSnapshots(live.profileId, [snap('10')], '2026-10-31T23:00:30.000Z')).toBe(0);
    expect(
      await b.facts.recordSnapshots(live.profileId, [snap('11')], '2026-10-31T23:00:30.000Z', true),
    ).toBe(1);
    expect((await a.facts.snapshotsAround(live.profileId, period)).map((s) => s.total)).toEqual(['11']);

    await Promise.all([
      a.facts.recordMovement(live.profileId, movement('m1')),
      b.facts.recordMovement(live.profileId, movement('m1')),
    ]);
    const pair = { coin: 'usdt', network: 'tron' };
    const found = await b.facts.movementFacts(live.profileId, pair, period.from, period.to);
    expect(found).toEqual([{ id: found[0]!.id, outside: true, key: 'm1', effect: '5' }]);
    await b.facts.markMatched(live.profileId, 'm1', 42);
    const whole = await a.facts.movementsById([found[0]!.id]);
    expect(whole.get(found[0]!.id)).toMatchObject({ key: 'm1', outside: false, entryId: 42 });

    expect(await refusal(a.facts.recordSnapshots(live.profileId, [snap('1.5e3')], period.from))).toBe(
      'journal-invalid',
    );
    expect(
      await refusal(a.facts.recordMovement(live.profileId, { ...movement('m2'), at: 'yesterday' })),
    ).toBe('journal-invalid');
  });
});
