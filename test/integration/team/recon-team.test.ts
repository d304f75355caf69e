import { afterEach, beforeEach, expect, it } from 'vitest';
import { eventHash } from '@main/storage/pg/chain-hash';
import { openPgReconciliation, openPgWebhookLog } from '@main/storage/pg/recon-stores';
import { verifyReconRows } from '@main/storage/pg/recon-verify';
import { createPgTeam, describeWithPg, type PgTeam, type SeededDesk } from '../../helpers/pg-team';
import type { DeskConnection } from '@main/storage/pg/desk-connection';
import { deskDb, notPermitted, refusal } from './recon-desk-db';

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
  const dbs: DeskConnection[] = [];
  const at = async (desk: SeededDesk, person: string, role: 'viewer' | 'operator' = 'operator') => {
    const db = await deskDb(team, desk, person, role);
    dbs.push(db);
    return { db, ...openPgReconciliation(db) };
  };
  beforeEach(async () => {
    team = await createPgTeam(cluster(), 'recon');
    deskA = await team.seedDesk('Desk A');
    deskB = await team.seedDesk('Desk B');
  });
  afterEach(async () => {
    await Promise.all(dbs.splice(0).map((db) => db.close()));
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
    expect(await b.db.snapshot(verifyReconRows)).toEqual({ ok: true });
  });

  it('a viewer cannot close, start or review a session; a closed session refuses every desk, naming who closed it', async () => {
    const a = await at(deskA, 'olga');
    const viewer = await at(deskB, 'vera', 'viewer');
    const row = await a.sessions.start({ ...live, ...period });
    const closing = { by: 'Vera', note: 'done', withExceptions: false, report: {} };
    await expect(viewer.sessions.close(row.id, closing)).rejects.toMatchObject(notPermitted);
    await expect(viewer.sessions.review(row.id, 'x', 'seen', 'Vera')).rejects.toMatchObject(notPermitted);
    await expect(viewer.sessions.start({ ...live, ...period })).rejects.toMatchObject(notPermitted);
    await expect(viewer.db.query("UPDATE md.recon_sessions SET state = 'closed'")).rejects.toMatchObject(
      notPermitted,
    );
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

  it('two desks closing one session at once: one closes it, the other is told who did', async () => {
    const a = await at(deskA, 'olga');
    const b = await at(deskB, 'pavel');
    for (let round = 0; round < 5; round++) {
      const row = await a.sessions.start({ ...live, ...period });
      const close = (store: typeof a, by: string) =>
        store.sessions.close(row.id, { by, note: by, withExceptions: false, report: {} }).then(
          () => 'closed',
          (error: { kind?: string }) => String(error.kind),
        );
      const outcomes = await Promise.all([close(a, 'Olga'), close(b, 'Pavel')]);
      expect(outcomes.sort()).toEqual(['closed', 'journal-conflict']);
    }
    const { rows } = await team.admin<{ n: number }>(
      "SELECT count(*)::int AS n FROM md.events WHERE type = 'reconciliation.close'",
    );
    expect(rows[0]!.n).toBe(5);
    expect(await b.db.snapshot(verifyReconRows)).toEqual({ ok: true });
  });

  it('finds a session or review changed beside the chain, even by the owner of the tables', async () => {
    const a = await at(deskA, 'olga');
    const row = await a.sessions.start({ ...live, ...period });
    await a.sessions.review(row.id, 'item-1', 'first', 'Olga');
    await a.sessions.review(row.id, 'item-1', 'second', 'Olga');
    expect(await a.db.snapshot(verifyReconRows)).toEqual({ ok: true });
    await team.admin("UPDATE md.recon_reviews SET note = 'rewritten'");
    expect(await a.db.snapshot(verifyReconRows)).toMatchObject({
      ok: false,
      brokenAt: { reason: expect.stringMatching(/review of reconciliation session .* differs/) },
    });
    await team.admin("UPDATE md.recon_reviews SET note = 'second'");
    expect(await a.db.snapshot(verifyReconRows)).toEqual({ ok: true });
    await team.admin("UPDATE md.recon_sessions SET started_by = 'someone'");
    expect(await a.db.snapshot(verifyReconRows)).toMatchObject({ ok: false });
    await team.admin("UPDATE md.recon_sessions SET started_by = 'olga'");
    // A session slipped in beside the chain has no history at all.
    await team.admin(
      `INSERT INTO md.recon_sessions (profile_id, environment, from_at, to_at, state, started_at, started_by,
         started_desk, change_seq)
       SELECT profile_id, environment, from_at, to_at, 'open', started_at, started_by, started_desk, 0
         FROM md.recon_sessions`,
    );
    expect(await a.db.snapshot(verifyReconRows)).toMatchObject({
      ok: false,
      brokenAt: { reason: expect.stringMatching(/has no recorded history/) },
    });
    await team.admin('DELETE FROM md.recon_sessions WHERE id > $1', [row.id]);
    await team.admin('DELETE FROM md.recon_reviews');
    expect(await a.db.snapshot(verifyReconRows)).toMatchObject({
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

  it("a desk older than the team's schema shows sessions, facts and deliveries, and records nothing", async () => {
    const a = await at(deskA, 'olga');
    const row = await a.sessions.start({ ...live, ...period });
    const words = "This desk is older than the team's ledger; update the app.";
    const old = openPgReconciliation(a.db, { readOnly: words });
    expect((await old.sessions.list(live.profileId)).map((s) => s.id)).toEqual([row.id]);
    const refused = { kind: 'journal-newer-schema', message: words };
    await expect(
      old.sessions.close(row.id, { by: 'Olga', note: '', withExceptions: false, report: {} }),
    ).rejects.toMatchObject(refused);
    await expect(old.facts.recordMovement(live.profileId, movement('m9'))).rejects.toMatchObject(refused);
    const log = openPgWebhookLog(a.db, undefined, { readOnly: words });
    expect(await log.list()).toEqual([]);
    await expect(log.prune()).rejects.toMatchObject(refused);
    expect((await a.sessions.must(row.id)).state).toBe('open');
  });
});
