import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithPg } from '../../helpers/pg-team';
import { approvalsTeam, body, one, refusal, type ApprovalsTeam } from './approvals-team';

const OUTLOOK = "SELECT md.submit_outlook('p-live', 'live', $1, NULL) AS v";
const DRAFT = "SELECT md.draft_withdrawal('p-live', 'live', $1, NULL) AS v";

describeWithPg(
  'md.submit_outlook: what the published policy would decide, before anything is recorded',
  (cluster) => {
    let t: ApprovalsTeam;
    beforeAll(async () => {
      t = await approvalsTeam(cluster());
      await t.member('adam', 'admin');
      await t.member('otto', 'operator');
      await t.member('vera', 'viewer');
    });
    afterAll(() => t.close());

    it('is the decision the submission then records (a velocity limit crossed by the third), and writes nothing', async () => {
      const otto = await t.as('otto');
      expect(await one(otto, OUTLOOK, [body('10')])).toBeNull();
      await t.publish([
        {
          name: 'busy hour',
          match: { velocity: { windowMinutes: 60, maxCount: 2 } },
          action: 'require',
          approvals: 2,
        },
        { name: 'small', action: 'allow' },
      ]);
      const events = async () =>
        Number((await t.team.admin<{ n: string }>('SELECT count(*) AS n FROM md.events')).rows[0]!.n);
      for (const expected of ['allow', 'allow', 'require']) {
        const before = await events();
        const outlook = await one<{ action: string; rule: number; approvals: number; policyVersion: number }>(
          otto,
          OUTLOOK,
          [body('10')],
        );
        expect(await events()).toBe(before);
        expect(outlook).toMatchObject({ action: expected, policyVersion: 1 });
        const id = await one<string>(otto, DRAFT, [body('10')]);
        await one(otto, 'SELECT md.submit_withdrawal($1, 1, NULL) AS v', [id]);
        const { rows } = await t.team.admin<{
          decision: { action: string; rule: number; approvals: number };
        }>('SELECT decision FROM md.approval_intents WHERE entry_id = $1', [id]);
        expect(rows[0]!.decision).toMatchObject({
          action: outlook.action,
          rule: outlook.rule,
          approvals: outlook.approvals,
        });
      }
    });

    it('is run by those who prepare withdrawals only: a viewer is refused by the database', async () => {
      const vera = await t.as('vera');
      expect((await refusal(vera.query(OUTLOOK, [body('10')]))).code).toBe('42501');
    });
  },
);
