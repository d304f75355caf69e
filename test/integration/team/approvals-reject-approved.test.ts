import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithPg, type PgTeam } from '../../helpers/pg-team';
import type { AppHarness } from '../../helpers/app-harness';
import { fourEyesTeam, joinedDesk } from './joined-desk';

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const withdrawal = (amount: string) => ({ coin: 'usdt', network: 'tron', amount, to_address: ADDRESS });

describeWithPg('an approver rejects an approved withdrawal before it is sent (issue 28)', (cluster) => {
  let team: PgTeam;
  let a: AppHarness;
  let b: AppHarness;
  const intent = async (id: string) =>
    (
      await team.admin<{ state: string; status: string; reason: string | null; by: string | null }>(
        `SELECT e.state, a.status, a.reject_reason AS reason, a.rejected_by AS by
           FROM md.entries e JOIN md.approval_intents a ON a.entry_id = e.id WHERE e.id = $1`,
        [id],
      )
    ).rows[0]!;
  /** Anna prepares, bob approves: approved and waiting for a treasury desk (anna's desk, unnamed). */
  const approvedOne = async (amount: string) => {
    const { id } = await a.ok('approvals:submit', { withdrawal: withdrawal(amount) });
    await b.ok('approvals:approve', { id, revision: 1 });
    expect((await intent(id)).status).toBe('approved');
    return id;
  };

  beforeAll(async () => {
    ({ team } = await fourEyesTeam(cluster(), 'rejectapproved'));
    a = await joinedDesk(team, 'anna', 'Front office');
    b = await joinedDesk(team, 'bob', 'Back office');
  }, 90_000);
  afterAll(async () => {
    await a?.dispose();
    await b?.dispose();
    await team?.close();
  });

  it('confirmed in main with a reason; the ledger records it rejected, and nobody can send it', async () => {
    const id = await approvedOne('15');
    // The preparer is refused by main before anything is asked.
    const asked = a.confirmations.shown.length;
    const own = await a.call('approvals:reject', { id, revision: 1, reason: 'never mind' });
    expect(own).toMatchObject({ ok: false, error: { kind: 'auth' } });
    expect(a.confirmations.shown).toHaveLength(asked);

    // Declined in main: nothing changes.
    b.confirmations.decline();
    const declined = await b.call('approvals:reject', { id, revision: 1, reason: 'Wrong supplier' });
    b.confirmations.accept();
    expect(declined).toMatchObject({ ok: false, error: { kind: 'declined-in-main' } });
    expect((await intent(id)).status).toBe('approved');
    const shown = b.confirmations.shown.at(-1)!;
    expect(shown.title).toBe(`Reject withdrawal #${id}?`);
    expect(shown.lines).toContain('Reason, as the team will see it: Wrong supplier');
    expect(shown.lines.join('\n')).toContain('It is approved and waits for a treasury desk');

    const queue = await b.ok('approvals:reject', { id, revision: 1, reason: 'Wrong supplier' });
    expect(queue.items.some((i) => i.id === id)).toBe(false);
    expect(await intent(id)).toEqual({
      state: 'intent',
      status: 'rejected',
      reason: 'Wrong supplier',
      by: 'bob',
    });
    const send = await a.call('approvals:send', { id, revision: 1 });
    expect(send).toMatchObject({ ok: false, error: { kind: 'journal-not-found' } });
    expect((await intent(id)).state).toBe('intent');
  });

  it('once a desk has sent it, a rejection is refused', async () => {
    const id = await approvedOne('16');
    const item = (await b.ok('approvals:queue')).items.find((i) => i.id === id)!;
    expect(item.sendable).toBeTruthy();
    expect((await a.ok('approvals:send', { id, revision: 1 })).outcome).toBe('accepted');
    const late = await b.call('approvals:reject', { id, revision: 1, reason: 'too late' });
    expect(late).toMatchObject({ ok: false, error: { kind: 'journal-not-found' } });
    // The database refuses it too, whatever a desk sends (bob, an approver, on a connection of his own).
    const bobDirect = await team.deskClient(await team.seedDesk('Bob direct'), 'bob', 'viewer');
    const direct = await bobDirect
      .query("SELECT md.reject($1, 1, 'too late')", [id])
      .then(() => 'accepted')
      .catch((e: Error) => e.message);
    expect(direct).toContain('only an intent not yet sent');
    expect((await intent(id)).status).toBe('approved');
  });
});
