import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithPg } from '../../helpers/pg-team';
import { approvalsTeam, body, one, refusal, type ApprovalsTeam } from './approvals-team';

describeWithPg(
  'md.claim_approved: only a treasury desk claims an approved withdrawal, at its revision, once',
  (cluster) => {
    let t: ApprovalsTeam;
    beforeAll(async () => {
      t = await approvalsTeam(cluster());
      await t.member('adam', 'admin');
      await t.member('otto', 'operator');
      await t.member('anna', 'approver');
      await t.member('vera', 'viewer');
      await t.publish([{ action: 'require', approvals: 1 }]);
      await (await t.as('adam')).query('SELECT md.set_treasury_desk($1, true)', [t.desk.id]);
    });
    afterAll(async () => {
      await t.close();
    });

    /** Drafted and submitted by otto on desk B; approved by anna unless told not to. */
    async function prepared(amount: string, approve = true): Promise<string> {
      const otto = await t.as('otto', t.other);
      const id = await one<string>(
        otto,
        `SELECT md.draft_withdrawal('p-1', 'sandbox', $1, NULL)::text AS v`,
        [body(amount, `TClaim${amount}`)],
      );
      await otto.query('SELECT md.submit_withdrawal($1, 1, NULL)', [id]);
      if (approve) await (await t.as('anna', t.other)).query('SELECT md.approve($1, 1)', [id]);
      return id;
    }

    it('refuses in words: not approved, not a treasury desk, an old revision, a viewer; then one claim, and a second names its holder', async () => {
      const waiting = await prepared('11', false);
      const treasury = await t.as('otto');
      expect(await refusal(treasury.query('SELECT md.claim_approved($1, 1)', [waiting]))).toMatchObject({
        code: 'M0003',
        message: `Withdrawal #${waiting} is not approved (submitted); it cannot be sent.`,
      });

      const id = await prepared('12');
      expect(
        await refusal((await t.as('otto', t.other)).query('SELECT md.claim_approved($1, 1)', [id])),
      ).toMatchObject({
        code: 'M0003',
        message: expect.stringContaining('Desk "Desk B" is not a treasury desk'),
      });
      expect(await refusal(treasury.query('SELECT md.claim_approved($1, 2)', [id]))).toMatchObject({
        code: 'M0007',
        message: expect.stringContaining('it is at revision 1, and a send of revision 2 does not count'),
      });
      expect(
        await refusal((await t.as('vera')).query('SELECT md.claim_approved($1, 1)', [id])),
      ).toMatchObject({
        code: '42501',
      });

      await treasury.query('SELECT md.claim_approved($1, 1)', [id]);
      const { rows } = await t.team.admin<{ state: string; desk: string; claimed_by_person: string }>(
        `SELECT e.state, d.name AS desk, e.claimed_by_person FROM md.entries e JOIN md.desks d ON d.id = e.claimed_by
        WHERE e.id = $1`,
        [id],
      );
      expect(rows).toEqual([{ state: 'sending', desk: 'Desk A', claimed_by_person: 'otto' }]);
      expect(await refusal(treasury.query('SELECT md.claim_approved($1, 1)', [id]))).toMatchObject({
        code: 'M0005',
        message: expect.stringContaining(`Journal entry #${id} was already claimed by desk "Desk A"`),
      });
    });

    it('two treasury desks claiming at once: exactly one wins', async () => {
      await (await t.as('adam')).query('SELECT md.set_treasury_desk($1, true)', [t.other.id]);
      const id = await prepared('13');
      const [onA, onB] = [await t.as('otto'), await t.as('otto', t.other)];
      const results = await Promise.allSettled([
        onA.query('SELECT md.claim_approved($1, 1)', [id]),
        onB.query('SELECT md.claim_approved($1, 1)', [id]),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(lost.reason).toMatchObject({ code: 'M0005' });
    });

    it('a change of the treasury desks is announced on md_team, so desks learn at once who holds the key', async () => {
      const listener = await t.as('vera');
      await listener.query('LISTEN md_team');
      const heard = new Promise<string>((resolve) =>
        listener.on('notification', (n) => resolve(n.payload ?? '')),
      );
      await (await t.as('adam')).query('SELECT md.set_treasury_desk($1, false)', [t.other.id]);
      expect(await heard).toBe('treasury_desks');
    });
  },
);
