import type pg from 'pg';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { deskConnection } from '@main/storage/pg/desk-connection';
import { verifyTeamChain } from '@main/storage/pg/chain-verify';
import { describeWithPg } from '../../helpers/pg-team';
import { approvalsTeam, body, one, refusal, type ApprovalsTeam } from './approvals-team';

const DRAFT = "SELECT md.draft_withdrawal('p-live', 'live', $1, NULL) AS v";

describeWithPg(
  'the approval policy: ordered rules, first match decides, published into the chain',
  (cluster) => {
    let t: ApprovalsTeam;
    let otto: pg.Client;

    /** Drafts and submits a withdrawal as otto; returns its id and the status the policy gave it. */
    const submit = async (
      amount: string,
      to = 'TDest1',
      rate: string | null = null,
      as = otto,
      coin?: string,
      network?: string,
    ) => {
      const id = await one<string>(as, DRAFT, [body(amount, to, coin, network)]);
      const status = await one<string>(as, 'SELECT md.submit_withdrawal($1, 1, $2) AS v', [id, rate]);
      const row = await t.team.admin<{
        reject_reason: string | null;
        required: number;
        decision: { rule: number };
      }>('SELECT reject_reason, required, decision FROM md.approval_intents WHERE entry_id = $1', [id]);
      return { id, status, ...row.rows[0]! };
    };

    beforeEach(async () => {
      t = await approvalsTeam(cluster());
      await t.member('adam', 'admin');
      await t.member('otto', 'operator');
      await t.member('pia', 'operator');
      await t.member('anna', 'approver');
      await t.member('bert', 'approver');
      otto = await t.as('otto');
    });
    afterEach(() => t.close());

    it('rule order: a narrower block rule before a broad allow wins; the other way round the allow wins', async () => {
      const block = {
        name: 'big usdt',
        match: { coin: 'USDT', network: 'tron', minAmount: '1000' },
        action: 'block',
      };
      const allow = { name: 'everything', action: 'allow' };
      expect(await t.publish([block, allow])).toBe(1);
      expect(await submit('5000')).toMatchObject({
        status: 'rejected',
        reject_reason: 'blocked by rule 1 ("big usdt") of policy version 1',
      });
      expect(await submit('999.99')).toMatchObject({ status: 'approved', decision: { rule: 2 } });
      expect(await t.publish([allow, block])).toBe(2);
      expect(await submit('5000')).toMatchObject({ status: 'approved', decision: { rule: 1 } });
      // Nothing matches: blocked.
      await t.publish([{ match: { coin: 'btc' }, action: 'allow' }]);
      expect((await submit('1')).reject_reason).toBe('no rule of policy version 3 matches it');
    });

    it('a velocity limit is crossed by the third of three withdrawals in the window', async () => {
      await t.publish([
        {
          name: 'two an hour',
          match: { coin: 'usdt', velocity: { windowMinutes: 60, maxCount: 2 } },
          action: 'block',
        },
        {
          name: '1.5 btc an hour',
          match: { coin: 'btc', velocity: { windowMinutes: 60, maxAmount: '1.5' } },
          action: 'block',
        },
        { action: 'allow' },
      ]);
      const first = await submit('10', 'T1');
      expect(first.status).toBe('approved');
      // Sent (claimed) counts as much as approved and waiting.
      await otto.query('SELECT md.claim_entry($1)', [first.id]);
      expect((await submit('10', 'T2')).status).toBe('approved');
      const third = await submit('10', 'T3');
      expect(third).toMatchObject({
        status: 'rejected',
        reject_reason: expect.stringMatching(/two an hour/),
        decision: { facts: { windowCount: 2 } },
      });
      // Another pair is another window, here limited by the amount over it.
      const btc = (amount: string) => submit(amount, 'bc1q', null, otto, 'btc', 'bitcoin');
      expect((await btc('1')).status).toBe('approved');
      expect((await btc('0.5')).status).toBe('approved');
      expect(await btc('0.01')).toMatchObject({
        status: 'rejected',
        decision: { rule: 2, facts: { windowTotal: '1.5' } },
      });
    });

    it('an amount in USD at the rate of the time: recorded, and required when a rule is in USD', async () => {
      await t.publish([
        { name: 'over 1000 USD', match: { minUsd: '1000' }, action: 'require', approvals: 2 },
        { action: 'allow' },
      ]);
      const id = await one<string>(otto, DRAFT, [body('10')]);
      const noRate = await refusal(otto.query('SELECT md.submit_withdrawal($1, 1, NULL)', [id]));
      expect(noRate.code).toBe('M0008');
      expect(noRate.message).toMatch(/USD rate/);
      expect(await one(otto, "SELECT md.submit_withdrawal($1, 1, '150') AS v", [id])).toBe('submitted');
      const row = await t.team.admin(
        'SELECT usd_rate, required, decision FROM md.approval_intents WHERE entry_id = $1',
        [id],
      );
      expect(row.rows[0]).toMatchObject({
        usd_rate: '150',
        required: 2,
        decision: { facts: { usd: '1500' } },
      });
      expect((await submit('10', 'TSmall', '99.99')).status).toBe('approved');
    });

    it('destination: the team book needs an approver other than who added it; a policy can require book addresses', async () => {
      const anna = await t.as('anna');
      const bert = await t.as('bert');
      const bookId = await one<string>(
        otto,
        "SELECT md.propose_address('usdt', 'tron', 'TBook', 'Supplier') AS v",
      );
      expect((await refusal(otto.query('SELECT md.approve_address($1)', [bookId]))).code).toBe('42501');
      const annas = await one<string>(
        anna,
        "SELECT md.propose_address('usdt', 'tron', 'TAnna', 'Anna') AS v",
      );
      expect((await refusal(anna.query('SELECT md.approve_address($1)', [annas]))).code).toBe('M0003');
      await t.publish([
        { name: 'book only', match: { destination: 'new' }, action: 'block' },
        { action: 'allow' },
      ]);
      // Proposed but not approved is still a new address.
      expect((await submit('10', 'TBook')).status).toBe('rejected');
      await bert.query('SELECT md.approve_address($1)', [bookId]);
      const book = await t.team.admin('SELECT added_by, approved_by FROM md.address_book WHERE id = $1', [
        bookId,
      ]);
      expect(book.rows[0]).toEqual({ added_by: 'otto', approved_by: 'bert' });
      expect((await submit('10', ' tbook ')).status).toBe('approved');
      expect((await submit('10', 'TElsewhere')).status).toBe('rejected');
      await bert.query("SELECT md.remove_address($1, 'supplier changed bank')", [bookId]);
      expect((await submit('10', 'TBook')).status).toBe('rejected');
    });

    it('share of the balance, and the preparer’s group with approvals counted only from named groups', async () => {
      const snapshot = `INSERT INTO md.balance_snapshots (profile_id, coin, network, total, available, at, desk_id,
      recorded_by, change_seq) VALUES ('p-live', 'usdt', 'tron', '2000', '1000', md.now_text(), $1, 'x', nextval('md.change_seq'))`;
      const adam = await t.as('adam');
      await adam.query("SELECT md.set_group_member('juniors', 'otto', true)");
      await adam.query("SELECT md.set_group_member('leads', 'bert', true)");
      await t.publish([
        {
          name: 'juniors',
          match: { preparer: { group: 'juniors' } },
          action: 'require',
          approvals: 1,
          groups: ['leads'],
        },
        { name: 'half', match: { balanceShareOver: '0.5' }, action: 'require', approvals: 1 },
        { action: 'allow' },
      ]);
      const pia = await t.as('pia');
      // No balance known yet: counts as too large a share.
      expect((await submit('1', 'TP', null, pia)).status).toBe('submitted');
      await t.team.admin(snapshot, [t.desk.id]);
      expect((await submit('400', 'TP', null, pia)).status).toBe('approved');
      expect(await submit('600', 'TP', null, pia)).toMatchObject({
        status: 'submitted',
        decision: { rule: 2 },
      });
      const junior = await submit('1', 'TJ');
      expect(junior).toMatchObject({ status: 'submitted', decision: { rule: 1 } });
      const anna = await t.as('anna');
      expect((await refusal(anna.query('SELECT md.approve($1, 1)', [junior.id]))).message).toMatch(
        /only from leads/,
      );
      const bert = await t.as('bert');
      expect(await one(bert, 'SELECT md.approve($1, 1) AS v', [junior.id])).toBe('approved');
    });

    it('a desk cannot claim under a policy older than the published one; publishing is in the chain, drafts are checked', async () => {
      const early = await one<string>(otto, DRAFT, [body('3', 'TEarly')]);
      const none = await refusal(otto.query('SELECT md.submit_withdrawal($1, 1, NULL)', [early]));
      expect(none).toMatchObject({
        code: 'M0003',
        message: expect.stringMatching(/No approval policy is published/),
      });
      await t.publish([{ action: 'require', approvals: 1 }]);
      const { id } = await submit('10');
      const anna = await t.as('anna');
      await anna.query('SELECT md.approve($1, 1)', [id]);
      await t.publish([{ action: 'require', approvals: 2 }]);
      const stale = await refusal(otto.query('SELECT md.claim_entry($1)', [id]));
      expect(stale.code).toBe('M0003');
      expect(stale.message).toMatch(/approved under policy version 1, but version 2 is published/);
      // Submitted again under version 2: anna's approval of the same revision still counts, one more is needed.
      expect(await one(otto, 'SELECT md.submit_withdrawal($1, 1, NULL) AS v', [id])).toBe('submitted');
      const bert = await t.as('bert');
      expect(await one(bert, 'SELECT md.approve($1, 1) AS v', [id])).toBe('approved');
      await otto.query('SELECT md.claim_entry($1)', [id]);
      const adam = await t.as('adam');
      const bad = await refusal(
        adam.query('SELECT md.save_policy_draft($1, NULL)', ['[{"action":"require","approvals":4}]']),
      );
      expect(bad).toMatchObject({ code: 'M0008', message: 'Rule 1: require needs 1 to 3 approvals' });
      const published = await t.team.admin<{ detail: string }>(
        "SELECT detail FROM md.events WHERE type = 'approvals.policy-publish' ORDER BY seq",
      );
      expect(published.rows.map((r) => JSON.parse(r.detail).version)).toEqual([1, 2]);
      expect((await refusal(adam.query('SELECT md.publish_policy(1)'))).code).toBe('M0007');
      // Every new event type keeps the desks' own chain check whole.
      const db = deskConnection(t.team.config('otto'), { deskUuid: t.desk.id, token: t.desk.token });
      try {
        expect(await verifyTeamChain(db, { lastVerified: null })).toMatchObject({ ok: true });
        await t.team.admin("UPDATE md.entries SET amount = '1' WHERE id = $1", [id]);
        expect(await verifyTeamChain(db, { lastVerified: null })).toMatchObject({ ok: false });
      } finally {
        await db.close();
      }
    });
  },
);
