import { describe, expect, it } from 'vitest';
import { DESK_A, DESK_B, kindOf, live, withdrawal, type HarnessFactory } from './harness';
import { useStore } from './use-store';

const period = { from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' };
const snap = (total: string) => ({ coin: 'usdt', network: 'tron', total, available: total, frozen: '0' });
const movement = (key: string, at: string, outside = false) => ({
  key,
  kind: 'wallet-deposit' as const,
  coin: 'usdt',
  network: 'tron',
  amount: '5',
  effect: '5',
  at,
  entryId: null,
  outside,
  source: 'amount',
});

/** Start-up recovery scoped to the desk, and reconciliation's facts and sessions. */
export function recoveryAndReconContract(factory: HarnessFactory): void {
  describe('recovery at open touches only this desk', () => {
    const t = useStore(factory);

    it("marks this desk's interrupted sends unknown and leaves another desk's in flight", async () => {
      const mine = await t.store.begin('createWithdrawal', withdrawal({ amount: '1' }));
      // Desk A stops mid-send; desk B opens the same ledger: A's row is A's to recover.
      const b = await t.reopen(DESK_B);
      expect(b.recovered).toEqual([]);
      expect((await b.get(mine))?.state).toBe('sending');
      const theirs = await b.begin('createWithdrawal', withdrawal({ amount: '2' }));
      // Desk A comes back: only its own row becomes unknown, with the reason recorded.
      const a = await t.reopen(DESK_A);
      expect(a.recovered).toEqual([mine]);
      expect((await a.get(mine))?.state).toBe('unknown');
      expect((await a.events(mine)).map((e) => e.type)).toEqual(['begin', 'recovered']);
      expect((await a.get(theirs))?.state).toBe('sending');
      expect((await a.verifyChain()).ok).toBe(true);
      const again = await t.reopen(DESK_B);
      expect(again.recovered).toEqual([theirs]);
    });
  });

  describe('reconciliation facts', () => {
    const t = useStore(factory);

    it('keeps one snapshot a minute per asset unless forced, and finds those around a period', async () => {
      const { facts } = t.store.reconciliation;
      expect(await facts.recordSnapshots(live.profileId, [snap('10')], '2026-10-31T23:00:00.000Z')).toBe(1);
      expect(await facts.recordSnapshots(live.profileId, [snap('11')], '2026-10-31T23:00:30.000Z')).toBe(0);
      expect(
        await facts.recordSnapshots(live.profileId, [snap('11')], '2026-10-31T23:00:30.000Z', true),
      ).toBe(1);
      await facts.recordSnapshots(live.profileId, [snap('20')], '2026-11-02T01:00:00.000Z');
      const around = await facts.snapshotsAround(live.profileId, period);
      expect(around.map((s) => s.total).sort()).toEqual(['11', '20']);
      expect(await facts.snapshotsAround('p-other', period)).toEqual([]);
    });

    it('records movements once, by pair and window, and reads them back whole', async () => {
      const { facts } = t.store.reconciliation;
      await facts.recordMovement(live.profileId, movement('m1', '2026-11-01T05:00:00.000Z'));
      await facts.recordMovement(live.profileId, movement('m1', '2026-11-01T05:00:00.000Z'));
      await facts.recordMovement(live.profileId, movement('m2', '2026-11-01T06:00:00.000Z', true));
      const pair = { coin: 'usdt', network: 'tron' };
      expect(await facts.pairsBetween(live.profileId, period.from, period.to)).toEqual([pair]);
      const found = await facts.movementFacts(live.profileId, pair, period.from, period.to);
      // A fact carries what the figures need (a key only where a person may act on it).
      expect(found.map((m) => [m.effect, m.outside])).toEqual([
        ['5', false],
        ['5', true],
      ]);
      expect(await facts.hasMovementBetween(live.profileId, 'm2', period.from, period.to)).toBe(true);
      expect(await facts.hasMovementBetween(live.profileId, 'm3', period.from, period.to)).toBe(false);
      await facts.markMatched(live.profileId, 'm2', 42);
      const whole = await facts.movementsById(found.map((m) => m.id));
      expect(whole.get(found[0]!.id)).toMatchObject({ key: 'm1', outside: false });
      expect(whole.get(found[1]!.id)).toMatchObject({ key: 'm2', outside: false, entryId: 42 });
    });
  });

  describe('reconciliation sessions', () => {
    const t = useStore(factory);

    it('starts, reviews and closes a session, each change in the chain', async () => {
      const { sessions } = t.store.reconciliation;
      const before = await t.store.verifyChain();
      const row = await sessions.start({ ...live, ...period });
      expect(row).toMatchObject({ profile_id: live.profileId, state: 'open' });
      const review = await sessions.review(row.id, 'difference:usdt:tron', 'explained', 'Dana');
      expect(review).toMatchObject({ session_id: row.id, note: 'explained', by_name: 'Dana' });
      expect((await sessions.reviews(row.id)).map((r) => r.item_key)).toEqual(['difference:usdt:tron']);
      const closed = await sessions.close(row.id, {
        by: 'Dana',
        note: 'ok',
        withExceptions: false,
        report: {},
      });
      expect(closed.state).toBe('closed');
      // Who did each step, in one shape on every store (the team's login and desk; a desk alone's own).
      const people = await sessions.people(row.id);
      expect(people.started).toMatchObject({ at: row.started_at, person: expect.any(String) });
      expect(people.started.person.length * people.started.deskName.length).toBeGreaterThan(0);
      expect(people.reviews).toEqual([
        expect.objectContaining({ itemKey: 'difference:usdt:tron', at: review.at }),
      ]);
      expect(people.closed).toMatchObject({ at: closed.closed_at, person: people.started.person });
      expect(await kindOf(sessions.people(row.id + 1))).toBe('journal-not-found');
      expect(await kindOf(sessions.review(row.id, 'x', 'late', 'Dana'))).toBe('journal-conflict');
      expect(await kindOf(sessions.must(row.id + 1))).toBe('journal-not-found');
      expect(await sessions.get(row.id + 1)).toBeUndefined();
      expect((await sessions.list(live.profileId)).map((s) => s.id)).toEqual([row.id]);
      const after = await t.store.verifyChain();
      expect(after.ok && before.ok && after.events - before.events).toBe(3);
      expect(t.store.deskId).toBe(DESK_A);
    });
  });
}
