import { afterAll, beforeAll, expect, it } from 'vitest';
import { verifyTeamChain } from '@main/storage/pg/chain-verify';
import { deskConnection, type DeskConnection } from '@main/storage/pg/desk-connection';
import { describeWithPg } from '../../helpers/pg-team';
import { approvalsTeam, body, one, type ApprovalsTeam } from './approvals-team';

describeWithPg('approvals edited beside the functions are found by every desk’s chain check', (cluster) => {
  let t: ApprovalsTeam;
  let db: DeskConnection;
  let id: string;
  let bookId: string;

  const check = () => verifyTeamChain(db, { lastVerified: null });
  /** Runs a change as the owner, reads the check, then undoes the change. */
  async function tampered(change: string, undo: string): Promise<string | undefined> {
    await t.team.admin(change, [id]);
    const result = await check();
    await t.team.admin(undo, [id]);
    expect(await check()).toMatchObject({ ok: true });
    return result && !result.ok ? result.brokenAt.reason : undefined;
  }

  beforeAll(async () => {
    t = await approvalsTeam(cluster());
    await t.member('adam', 'admin');
    await t.member('otto', 'operator');
    await t.member('anna', 'approver');
    await t.member('bert', 'approver');
    await t.publish([{ action: 'require', approvals: 2 }]);
    const otto = await t.as('otto');
    id = await one<string>(otto, "SELECT md.draft_withdrawal('p-live', 'live', $1, NULL) AS v", [body()]);
    await otto.query('SELECT md.submit_withdrawal($1, 1, NULL)', [id]);
    await (await t.as('anna')).query('SELECT md.approve($1, 1)', [id]);
    bookId = await one<string>(otto, "SELECT md.propose_address('usdt', 'tron', 'TBook', 'Supplier') AS v");
    await (await t.as('bert')).query('SELECT md.approve_address($1)', [bookId]);
    db = deskConnection(t.team.config('otto'), { deskUuid: t.desk.id, token: t.desk.token });
  });
  afterAll(async () => {
    await db?.close();
    await t?.close();
  });

  it('the untouched ledger checks whole with every approvals event type in it', async () => {
    expect(await check()).toMatchObject({ ok: true });
    const types = await t.team.admin<{ type: string }>(
      "SELECT DISTINCT type FROM md.events WHERE type LIKE 'approvals.%' ORDER BY type",
    );
    expect(types.rows.map((r) => r.type)).toEqual([
      'approvals.address-approve',
      'approvals.address-propose',
      'approvals.approve',
      'approvals.draft',
      'approvals.policy-publish',
      'approvals.submit',
    ]);
  });

  it('a status set to approved, an approval slipped in, a policy rewritten or a book entry approved are each found', async () => {
    expect(
      await tampered(
        "UPDATE md.approval_intents SET status = 'approved' WHERE entry_id = $1",
        "UPDATE md.approval_intents SET status = 'submitted' WHERE entry_id = $1",
      ),
    ).toMatch(/approval of withdrawal #\d+ differs from its recorded history/);
    expect(
      await tampered(
        `INSERT INTO md.approvals (entry_id, revision, person, desk_id, at)
           SELECT $1, 1, 'mallory', desk_id, at FROM md.approvals WHERE entry_id = $1 LIMIT 1`,
        "DELETE FROM md.approvals WHERE entry_id = $1 AND person = 'mallory'",
      ),
    ).toMatch(/differs from its recorded history/);
    expect(
      await tampered(
        `UPDATE md.policies SET rules = '[{"action":"allow"}]' WHERE version = 1 AND $1::bigint > 0`,
        `UPDATE md.policies SET rules = '[{"action":"require","approvals":2}]' WHERE version = 1 AND $1::bigint > 0`,
      ),
    ).toBe('approval policy version 1 differs from the one published in the chain');
    expect(
      await tampered(
        `UPDATE md.address_book SET address = 'TMallory' WHERE $1::bigint > 0`,
        `UPDATE md.address_book SET address = 'TBook' WHERE $1::bigint > 0`,
      ),
    ).toMatch(/address-book entry #\d+ differs/);
  });
});
