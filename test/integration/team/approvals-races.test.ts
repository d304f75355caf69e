import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithPg } from '../../helpers/pg-team';
import { approvalsTeam, body, one, type ApprovalsTeam } from './approvals-team';

const ROUNDS = 10;

describeWithPg('approvals racing changes and claims (real PostgreSQL, both at once)', (cluster) => {
  let t: ApprovalsTeam;
  let otto: pg.Client;
  let pia: pg.Client;
  let anna: pg.Client;

  const prepared = async (to: string, approvals = 0) => {
    const id = await one<string>(otto, "SELECT md.draft_withdrawal('p-live', 'live', $1, NULL) AS v", [
      body('5', to),
    ]);
    await otto.query('SELECT md.submit_withdrawal($1, 1, NULL)', [id]);
    for (let i = 0; i < approvals; i++) await anna.query('SELECT md.approve($1, 1)', [id]);
    return id;
  };

  beforeAll(async () => {
    t = await approvalsTeam(cluster());
    await t.member('adam', 'admin');
    await t.member('otto', 'operator');
    await t.member('pia', 'operator');
    await t.member('anna', 'approver');
    await t.publish([{ action: 'require', approvals: 1 }]);
    [otto, pia, anna] = [await t.as('otto'), await t.as('pia', t.other), await t.as('anna', t.other)];
  });
  afterAll(() => t.close());

  it(`an approval racing a change never counts for the new revision (${ROUNDS} rounds)`, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const id = await prepared(`TRev${round}`);
      const [approved, revised] = await Promise.allSettled([
        anna.query('SELECT md.approve($1, 1)', [id]),
        otto.query('SELECT md.revise_withdrawal($1, 1, $2)', [id, body('5000', `TRev${round}`)]),
      ]);
      // The change always lands (it found revision 1 either way); the approval only if it came first.
      expect(revised.status).toBe('fulfilled');
      if (approved.status === 'rejected') expect(approved.reason).toMatchObject({ code: 'M0007' });
      const row = await t.team.admin(
        'SELECT revision, status, md.counted_approvals(a) AS counted FROM md.approval_intents a WHERE entry_id = $1',
        [id],
      );
      expect(row.rows[0]).toEqual({ revision: 2, status: 'drafted', counted: 0 });
    }
  });

  it(`a claim racing a rejection: exactly one of them lands (${ROUNDS} rounds)`, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const id = await prepared(`TRej${round}`, 1);
      const [claimed, rejected] = await Promise.allSettled([
        pia.query('SELECT md.claim_entry($1)', [id]),
        anna.query("SELECT md.reject($1, 1, 'changed my mind')", [id]),
      ]);
      expect([claimed.status, rejected.status].sort()).toEqual(['fulfilled', 'rejected']);
      const row = await t.team.admin(
        'SELECT e.state, a.status FROM md.entries e JOIN md.approval_intents a ON a.entry_id = e.id WHERE e.id = $1',
        [id],
      );
      expect(row.rows[0]).toEqual(
        claimed.status === 'fulfilled'
          ? { state: 'sending', status: 'approved' }
          : { state: 'intent', status: 'rejected' },
      );
    }
  });
});
