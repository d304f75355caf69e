import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithPg } from '../../helpers/pg-team';
import { approvalsTeam, body, one, refusal, type ApprovalsTeam } from './approvals-team';

const DRAFT = "SELECT md.draft_withdrawal('p-live', 'live', $1, NULL) AS v";

/** Every function of schema md that writes, with arguments that would pass its own checks' types. */
const WRITES: [string, (id: string, desk: string) => unknown[]][] = [
  ["SELECT md.begin_entry('createWithdrawal', 'p-live', 'live', $1, NULL, NULL)", () => [body('1')]],
  ["SELECT md.create_intent('createWithdrawal', 'p-live', 'live', $1, NULL, NULL)", () => [body('1')]],
  [DRAFT, () => [body('2')]],
  ['SELECT md.revise_withdrawal($1, 1, $2)', (id) => [id, body('3')]],
  ['SELECT md.submit_withdrawal($1, 1, NULL)', (id) => [id]],
  ['SELECT md.approve($1, 1)', (id) => [id]],
  ["SELECT md.reject($1, 1, 'no')", (id) => [id]],
  ['SELECT md.claim_entry($1)', (id) => [id]],
  ['SELECT md.claim_entry_unchecked($1)', (id) => [id]],
  ["SELECT md.settle_entry($1, 'accepted', '{}', NULL, NULL, NULL)", (id) => [id]],
  ['SELECT md.mark_abandoned($1)', (id) => [id]],
  ['SELECT md.recover_desk()', () => []],
  ['SELECT md.save_policy_draft(\'[{"action":"allow"}]\', NULL)', () => []],
  ['SELECT md.publish_policy(1)', () => []],
  ["SELECT md.set_group_member('g', 'x', true)", () => []],
  ['SELECT md.set_treasury_desk($1, true)', (_, desk) => [desk]],
  ["SELECT md.grant_person_role('otto', 'approver', true)", () => []],
  ["SELECT md.set_person_role('otto', 'admin')", () => []],
  ["SELECT md.propose_address('usdt', 'tron', 'TBook', 'Supplier')", () => []],
  ['SELECT md.approve_address(1)', () => []],
  ["SELECT md.remove_address(1, 'gone')", () => []],
  ["SELECT md.create_enrollment_code('Desk Z', interval '1 hour')", () => []],
  ["SELECT md.revoke_desk($1, 'x')", (_, desk) => [desk]],
  ["UPDATE md.approval_intents SET status = 'approved' WHERE entry_id = $1", (id) => [id]],
  ["INSERT INTO md.approvals VALUES ($1, 1, 'eve', $2, 'x')", (id, desk) => [id, desk]],
  ["UPDATE md.policies SET rules = '[]' WHERE $1::bigint > 0", (id) => [id]],
  ['INSERT INTO md.treasury_desks (desk_id) VALUES ($1)', (_, desk) => [desk]],
];

describeWithPg('roles held by the database: approver, operator, viewer, auditor', (cluster) => {
  let t: ApprovalsTeam;
  let id: string;

  beforeAll(async () => {
    t = await approvalsTeam(cluster());
    await t.member('adam', 'admin');
    await t.member('otto', 'operator');
    await t.member('vera', 'viewer');
    await t.member('anna', 'approver');
    await t.member('audrey', 'auditor');
    await t.publish([{ action: 'require', approvals: 1 }]);
    const otto = await t.as('otto');
    id = await one<string>(otto, DRAFT, [body()]);
    await otto.query('SELECT md.submit_withdrawal($1, 1, NULL)', [id]);
  });
  afterAll(() => t.close());

  it('an operator cannot approve', async () => {
    const otto = await t.as('otto', t.other);
    expect((await refusal(otto.query('SELECT md.approve($1, 1)', [id]))).code).toBe('42501');
    expect((await refusal(otto.query("SELECT md.reject($1, 1, 'x')", [id]))).code).toBe('42501');
  });

  it('a viewer cannot prepare (nor submit, nor approve)', async () => {
    const vera = await t.as('vera');
    expect((await refusal(vera.query(DRAFT, [body()]))).code).toBe('42501');
    expect((await refusal(vera.query('SELECT md.submit_withdrawal($1, 1, NULL)', [id]))).code).toBe('42501');
    expect((await refusal(vera.query('SELECT md.approve($1, 1)', [id]))).code).toBe('42501');
    // Reading is fine.
    expect(await one(vera, 'SELECT count(*)::int AS v FROM md.approval_intents')).toBe(1);
  });

  it('an approver cannot prepare, nor publish a policy', async () => {
    const anna = await t.as('anna');
    expect((await refusal(anna.query(DRAFT, [body()]))).code).toBe('42501');
    expect((await refusal(anna.query('SELECT md.publish_policy(1)'))).code).toBe('42501');
  });

  it('an auditor reads everything and changes nothing', async () => {
    const audrey = await t.as('audrey');
    for (const [sql, args] of WRITES) {
      const refused = await refusal(audrey.query(sql, args(id, t.desk.id)));
      expect({ sql, code: refused.code }).toEqual({ sql, code: '42501' });
    }
    for (const table of ['entries', 'events', 'approval_intents', 'policies'])
      expect(await one(audrey, `SELECT count(*) > 0 AS v FROM md.${table}`)).toBe(true);
    for (const table of ['approvals', 'role_changes', 'address_book', 'webhook_deliveries', 'team_people'])
      expect(await one(audrey, `SELECT count(*) >= 0 AS v FROM md.${table}`)).toBe(true);
    expect((await refusal(audrey.query('SELECT token_hash FROM md.desks'))).code).toBe('42501');
    expect(await one(audrey, 'SELECT count(*)::int AS v FROM md.audit_trail(0, 100)')).toBeGreaterThan(3);
    const after = await t.team.admin('SELECT status FROM md.approval_intents WHERE entry_id = $1', [id]);
    expect(after.rows[0]).toEqual({ status: 'submitted' });
  });

  it('a person may hold several roles; an admin adds approver beside operator', async () => {
    await t.member('pete', 'operator');
    const adam = await t.as('adam');
    await adam.query("SELECT md.grant_person_role('pete', 'approver', true)");
    const roles = await t.team.admin<{ role: string }>(
      "SELECT role FROM md.team_person_roles WHERE person = 'pete' ORDER BY role",
    );
    expect(roles.rows.map((r) => r.role)).toEqual(['approver', 'operator']);
    const pete = await t.as('pete');
    const mine = await one<string>(pete, DRAFT, [body('5', 'TPete')]);
    await pete.query('SELECT md.submit_withdrawal($1, 1, NULL)', [mine]);
    expect((await refusal(pete.query('SELECT md.approve($1, 1)', [mine]))).code).toBe('M0003');
    expect(await one(pete, 'SELECT md.approve($1, 1) AS v', [id])).toBe('approved');
    // The 003 role (operator) is untouched by taking approver away again.
    await adam.query("SELECT md.grant_person_role('pete', 'approver', false)");
    const left = await t.team.admin<{ role: string }>(
      "SELECT role FROM md.team_people WHERE person = 'pete'",
    );
    expect(left.rows).toEqual([{ role: 'operator' }]);
    expect((await refusal(pete.query('SELECT md.approve($1, 1)', [mine]))).code).toBe('42501');
  });

  it('approvers and auditors are on the team; taking a person off the team takes every role away', async () => {
    const people = await t.team.admin(
      "SELECT person, role, roles FROM md.team_people WHERE person IN ('anna', 'audrey') ORDER BY person",
    );
    expect(people.rows).toEqual([
      { person: 'anna', role: 'viewer', roles: ['approver'] },
      { person: 'audrey', role: 'viewer', roles: ['auditor'] },
    ]);
    await t.member('quinn', 'operator', 'approver');
    const adam = await t.as('adam');
    await adam.query("SELECT md.set_person_role('quinn', NULL)");
    const left = await t.team.admin("SELECT role FROM md.team_person_roles WHERE person = 'quinn'");
    expect(left.rows).toEqual([]);
    // Off the team: not even the schema is theirs to use, so the desk cannot attach, read or approve.
    expect((await refusal(t.as('quinn'))).code).toBe('42501');
    // The old three-level function is not a way around it.
    expect((await refusal(adam.query("SELECT md.set_person_role_levels('quinn', 'admin')"))).code).toBe(
      '42501',
    );
  });

  it('a desk not named a treasury desk cannot claim or send once one is named', async () => {
    const adam = await t.as('adam');
    const otto = await t.as('otto', t.other);
    await adam.query('SELECT md.set_treasury_desk($1, true)', [t.desk.id]);
    const refused = await refusal(otto.query('SELECT md.claim_entry($1)', [id]));
    expect(refused.code).toBe('M0003');
    expect(refused.message).toMatch(/Desk "Desk B" is not a treasury desk/);
    const invoice =
      'SELECT md.begin_entry(\'createInvoice\', \'p-live\', \'live\', \'{"order_id":"o1","amount":"1"}\', NULL, NULL)';
    expect((await refusal(otto.query(invoice))).code).toBe('M0003');
    const treasury = await t.as('otto', t.desk);
    await treasury.query('SELECT md.claim_entry($1)', [id]);
    await treasury.query(invoice);
    const events = await t.team.admin(
      "SELECT count(*)::int AS n FROM md.events WHERE type = 'approvals.treasury-desk'",
    );
    expect(events.rows[0]).toEqual({ n: 1 });
  });

  it('once a policy is published a withdrawal cannot skip approval through begin_entry', async () => {
    const otto = await t.as('otto');
    const refused = await refusal(
      otto.query("SELECT md.begin_entry('createWithdrawal', 'p-live', 'live', $1, NULL, NULL)", [body('7')]),
    );
    expect(refused.code).toBe('M0003');
    expect(refused.message).toMatch(/submit it for approval/);
  });
});
