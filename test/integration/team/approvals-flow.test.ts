import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeWithPg } from '../../helpers/pg-team';
import { approvalsTeam, body, one, refusal, type ApprovalsTeam } from './approvals-team';

const DRAFT = "SELECT md.draft_withdrawal('p-live', 'live', $1, NULL) AS v";
const status = (t: ApprovalsTeam, id: string) =>
  t.team
    .admin<{
      status: string;
      revision: number;
      counted: number;
    }>(
      'SELECT status, revision, md.counted_approvals(a) AS counted FROM md.approval_intents a WHERE entry_id = $1',
      [id],
    )
    .then((r) => r.rows[0]);

describeWithPg('approvals held by the database: four eyes, revisions, N of N', (cluster) => {
  let t: ApprovalsTeam;

  beforeEach(async () => {
    t = await approvalsTeam(cluster());
    await t.member('adam', 'admin');
    await t.member('otto', 'operator');
    // Prepares and approves: a person may hold several roles.
    await t.member('pia', 'operator', 'approver');
    await t.member('anna', 'approver');
    await t.member('bert', 'approver');
    await t.member('carl', 'approver');
  });
  afterEach(() => t.close());

  it('the creator approving their own withdrawal is refused by the database, even when the desk skips its check', async () => {
    await t.publish([{ action: 'require', approvals: 1 }]);
    const pia = await t.as('pia');
    const id = await one<string>(pia, DRAFT, [body()]);
    expect(await one(pia, 'SELECT md.submit_withdrawal($1, 1, NULL) AS v', [id])).toBe('submitted');
    const own = await refusal(pia.query('SELECT md.approve($1, 1)', [id]));
    expect(own.code).toBe('M0003');
    expect(own.message).toMatch(/you prepared or changed withdrawal/i);
    // Even a row slipped into the table by the owner does not count for its preparer.
    await t.team.admin(
      "INSERT INTO md.approvals (entry_id, revision, person, desk_id, at) VALUES ($1, 1, 'pia', $2, 'x')",
      [id, t.desk.id],
    );
    expect(await status(t, id)).toMatchObject({ status: 'submitted', counted: 0 });
    const anna = await t.as('anna', t.other);
    expect(await one(anna, 'SELECT md.approve($1, 1) AS v', [id])).toBe('approved');
  });

  it('an approval of an old revision does not count; changing amount or address clears approvals', async () => {
    await t.publish([{ action: 'require', approvals: 2 }]);
    const otto = await t.as('otto');
    const id = await one<string>(otto, DRAFT, [body('10')]);
    await otto.query('SELECT md.submit_withdrawal($1, 1, NULL)', [id]);
    const anna = await t.as('anna');
    expect(await one(anna, 'SELECT md.approve($1, 1) AS v', [id])).toBe('submitted');
    expect(await status(t, id)).toMatchObject({ revision: 1, counted: 1 });
    // The amount changes: revision 2, back to drafted, anna's approval no longer counts.
    expect(await one(otto, 'SELECT md.revise_withdrawal($1, 1, $2) AS v', [id, body('10000')])).toBe(2);
    expect(await status(t, id)).toMatchObject({ status: 'drafted', revision: 2, counted: 0 });
    const entry = await t.team.admin('SELECT amount, to_address FROM md.entries WHERE id = $1', [id]);
    expect(entry.rows[0]).toEqual({ amount: '10000', to_address: 'TDest1' });
    await otto.query('SELECT md.submit_withdrawal($1, 2, NULL)', [id]);
    const bert = await t.as('bert');
    // bert approves what he saw: revision 1. It is refused and nothing is counted.
    const stale = await refusal(bert.query('SELECT md.approve($1, 1)', [id]));
    expect(stale.code).toBe('M0007');
    expect(stale.message).toMatch(/revision 2/);
    expect(await status(t, id)).toMatchObject({ status: 'submitted', counted: 0 });
    // A new address is a new revision too, and a stale change is refused.
    expect((await refusal(otto.query('SELECT md.revise_withdrawal($1, 1, $2)', [id, body()]))).code).toBe(
      'M0007',
    );
    expect(
      await one(otto, 'SELECT md.revise_withdrawal($1, 2, $2) AS v', [id, body('10000', 'TOther')]),
    ).toBe(3);
    await otto.query('SELECT md.submit_withdrawal($1, 3, NULL)', [id]);
    expect(await one(anna, 'SELECT md.approve($1, 3) AS v', [id])).toBe('submitted');
    expect(await one(bert, 'SELECT md.approve($1, 3) AS v', [id])).toBe('approved');
  });

  it('N approvals move it on, N−1 do not; a claim needs it approved', async () => {
    await t.publish([{ action: 'require', approvals: 3 }]);
    const otto = await t.as('otto');
    const id = await one<string>(otto, DRAFT, [body()]);
    expect((await refusal(otto.query('SELECT md.claim_entry($1)', [id]))).message).toMatch(
      /not approved \(drafted\)/,
    );
    await otto.query('SELECT md.submit_withdrawal($1, 1, NULL)', [id]);
    for (const name of ['anna', 'bert']) {
      const c = await t.as(name);
      expect(await one(c, 'SELECT md.approve($1, 1) AS v', [id])).toBe('submitted');
    }
    expect(await status(t, id)).toMatchObject({ status: 'submitted', counted: 2 });
    const refused = await refusal(otto.query('SELECT md.claim_entry($1)', [id]));
    expect(refused).toMatchObject({ code: 'M0003' });
    expect(refused.message).toMatch(/not approved \(submitted\)/);
    const carl = await t.as('carl');
    expect(await one(carl, 'SELECT md.approve($1, 1) AS v', [id])).toBe('approved');
    await otto.query('SELECT md.claim_entry($1)', [id]);
    const row = await t.team.admin('SELECT state FROM md.entries WHERE id = $1', [id]);
    expect(row.rows[0]).toEqual({ state: 'sending' });
  });

  it('two approvers at once count once each; one approver twice counts once', async () => {
    await t.publish([{ action: 'require', approvals: 3 }]);
    const otto = await t.as('otto');
    const id = await one<string>(otto, DRAFT, [body()]);
    await otto.query('SELECT md.submit_withdrawal($1, 1, NULL)', [id]);
    const [anna, anna2, bert] = [
      await t.as('anna'),
      await t.as('anna', t.other),
      await t.as('bert', t.other),
    ];
    const outcomes = await Promise.allSettled([
      anna.query('SELECT md.approve($1, 1)', [id]),
      anna2.query('SELECT md.approve($1, 1)', [id]),
      bert.query('SELECT md.approve($1, 1)', [id]),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(2);
    const failed = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(failed.reason).toMatchObject({ code: 'M0008' });
    expect(String(failed.reason.message)).toMatch(/already approved revision 1/);
    expect(await status(t, id)).toMatchObject({ status: 'submitted', counted: 2 });
    const rows = await t.team.admin('SELECT person FROM md.approvals WHERE entry_id = $1 ORDER BY person', [
      id,
    ]);
    expect(rows.rows.map((r) => r.person)).toEqual(['anna', 'bert']);
  });

  it('a rejection needs a reason and stops it; a change makes a new revision to submit again', async () => {
    await t.publish([{ action: 'require', approvals: 1 }]);
    const otto = await t.as('otto');
    const id = await one<string>(otto, DRAFT, [body()]);
    await otto.query('SELECT md.submit_withdrawal($1, 1, NULL)', [id]);
    const anna = await t.as('anna');
    expect((await refusal(anna.query("SELECT md.reject($1, 1, ' ')", [id]))).code).toBe('M0008');
    await anna.query("SELECT md.reject($1, 1, 'wrong supplier address')", [id]);
    expect(await status(t, id)).toMatchObject({ status: 'rejected' });
    expect((await refusal(anna.query('SELECT md.approve($1, 1)', [id]))).code).toBe('M0007');
    expect((await refusal(otto.query('SELECT md.submit_withdrawal($1, 1, NULL)', [id]))).code).toBe('M0007');
    expect((await refusal(otto.query('SELECT md.claim_entry($1)', [id]))).message).toMatch(/rejected/);
    await otto.query('SELECT md.revise_withdrawal($1, 1, $2)', [id, body('10', 'TFixed')]);
    expect(await one(otto, 'SELECT md.submit_withdrawal($1, 2, NULL) AS v', [id])).toBe('submitted');
    const timeline = await t.team.admin<{ type: string; person: string }>(
      'SELECT type, person FROM md.events WHERE entry_id = $1 ORDER BY seq',
      [id],
    );
    expect(timeline.rows.map((r) => `${r.type} ${r.person}`)).toEqual([
      'intent otto',
      'approvals.draft otto',
      'approvals.submit otto',
      'approvals.reject anna',
      'approvals.revise otto',
      'approvals.submit otto',
    ]);
  });
});
