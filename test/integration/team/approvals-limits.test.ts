import { afterAll, beforeAll, expect, it } from 'vitest';
import type pg from 'pg';
import { describeWithPg, type PgTeam } from '../../helpers/pg-team';
import type { AppHarness } from '../../helpers/app-harness';
import { fourEyesTeam, joinedDesk } from './joined-desk';

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const withdrawal = (amount: string) => ({ coin: 'usdt', network: 'tron', amount, to_address: ADDRESS });
const limit = (perWithdrawal: string | null) => ({
  coin: 'usdt',
  network: 'tron',
  perWithdrawal,
  daily: null,
});

describeWithPg(
  'a desk’s own withdrawal limits hold for money that goes through approval (issue 28)',
  (cluster) => {
    let team: PgTeam;
    let adam: pg.Client;
    let a: AppHarness;
    let b: AppHarness;
    let t: AppHarness;
    const intents = async () =>
      Number((await team.admin<{ n: string }>('SELECT count(*) AS n FROM md.approval_intents')).rows[0]!.n);
    const stateOf = async (id: string) =>
      (await team.admin<{ state: string }>('SELECT state FROM md.entries WHERE id = $1', [id])).rows[0]!
        .state;

    beforeAll(async () => {
      ({ team, adam } = await fourEyesTeam(cluster(), 'approvalslimits', { tom: true }));
      a = await joinedDesk(team, 'anna', 'Front office');
      b = await joinedDesk(team, 'bob', 'Back office');
      t = await joinedDesk(team, 'tom', 'Treasury');
      const treasury = await team.admin<{ id: string }>(
        "SELECT id::text AS id FROM md.desks WHERE name = 'Treasury'",
      );
      await adam.query('SELECT md.set_treasury_desk($1, true)', [treasury.rows[0]!.id]);
    }, 90_000);
    afterAll(async () => {
      await a?.dispose();
      await b?.dispose();
      await t?.dispose();
      await team?.close();
    });

    it('the submitting desk refuses a submission over its own limit, in a direct send’s words, before anything is asked or recorded', async () => {
      await expect
        .poll(async () => (await a.ok('rates:snapshot')).rows.some((r) => r.symbol === 'usdt'), {
          timeout: 10_000,
        })
        .toBe(true);
      await a.ok('withdrawalRules:set-limit', limit('50'));
      const [before, asked] = [await intents(), a.confirmations.shown.length];
      const submitted = await a.call('approvals:submit', { withdrawal: withdrawal('60') });
      expect(submitted).toMatchObject({ ok: false, error: { kind: 'withdrawal-limit' } });
      const direct = await a.call('withdrawals:create', withdrawal('60'));
      expect(direct).toMatchObject({ ok: false, error: { kind: 'withdrawal-limit' } });
      if (!submitted.ok && !direct.ok) {
        expect(submitted.error.message).toBe(direct.error.message);
        expect(submitted.error.message).toContain('over the limit of 50 per withdrawal of USDT on TRON');
      }
      expect(a.confirmations.shown).toHaveLength(asked);
      expect(await intents()).toBe(before);

      // "Address book only" holds the same way.
      await a.ok('withdrawalRules:set-book-only', { bookOnly: true });
      const notInBook = await a.call('approvals:submit', { withdrawal: withdrawal('20') });
      await a.ok('withdrawalRules:set-book-only', { bookOnly: false });
      expect(notInBook).toMatchObject({ ok: false, error: { kind: 'not-in-address-book' } });
      expect(await intents()).toBe(before);

      expect((await a.ok('approvals:submit', { withdrawal: withdrawal('40') })).status).toBe('submitted');
      expect(await intents()).toBe(before + 1);
    });

    it('the treasury desk refuses to send an approved withdrawal over ITS limit: nothing asked, claimed or sent; within it, it sends', async () => {
      const [item] = (await b.ok('approvals:queue')).items;
      expect(item).toMatchObject({ amount: '40' });
      const { id } = item!;
      await b.ok('approvals:approve', { id, revision: 1 });

      await t.ok('withdrawalRules:set-limit', limit('30'));
      const asked = t.confirmations.shown.length;
      const refused = await t.call('approvals:send', { id, revision: 1 });
      expect(refused).toMatchObject({ ok: false, error: { kind: 'withdrawal-limit' } });
      if (!refused.ok) {
        expect(refused.error.message).toContain(`refuse approved withdrawal #${id}`);
        expect(refused.error.message).toContain('40 is over the limit of 30 per withdrawal of USDT on TRON');
        expect(refused.error.message).toContain('Nothing was claimed');
      }
      expect(t.confirmations.shown).toHaveLength(asked);
      expect(await stateOf(id)).toBe('intent');
      // Still approved and waiting for a treasury desk.
      expect((await t.ok('approvals:queue')).items.find((i) => i.id === id)?.sendable?.here).toBe(true);

      await t.ok('withdrawalRules:set-limit', limit(null));
      const sent = await t.ok('approvals:send', { id, revision: 1 });
      expect(sent).toMatchObject({ journalId: id, outcome: 'accepted' });
      expect(await stateOf(id)).toBe('accepted');
    });
  },
);
