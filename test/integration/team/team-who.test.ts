import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppHarness } from '../../helpers/app-harness';
import { createPgTeam, describeWithPg, type PgTeam } from '../../helpers/pg-team';
import { joinedDesk } from './joined-desk';

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const request = { coin: 'usdt', network: 'tron', amount: '17.25', to_address: ADDRESS };

describeWithPg('who did what, on every desk of a team (issue 27 item 8)', (cluster) => {
  let team: PgTeam;
  let a: AppHarness;
  let b: AppHarness;
  beforeAll(async () => {
    team = await createPgTeam(cluster(), 'who');
    await team.person('anna', 'admin');
    await team.person('bob', 'operator');
    a = await joinedDesk(team, 'anna', 'Front office');
    b = await joinedDesk(team, 'bob', 'Back office');
  }, 60_000);
  afterAll(async () => {
    await a?.dispose();
    await b?.dispose();
    await team?.close();
  });

  it('shows on desk B who made and who holds desk A’s withdrawal, and B’s identical one is refused naming desk A, the person and the time', async () => {
    const sent = await a.ok('withdrawals:create', request);
    const who = await b.ok('team:entry-who', { id: sent.journalId });
    expect(who.entryId).toBe(sent.journalId);
    expect(who.claim).toMatchObject({ desk: 'Front office', person: 'anna' });
    expect(who.steps[0]).toMatchObject({ type: 'begin', desk: 'Front office', person: 'anna' });
    expect(who.steps.some((s) => s.type === 'settle')).toBe(true);

    const refused = await b.call('withdrawals:create', request);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.kind).toBe('duplicate-withdrawal');
    const minute = `${who.claim!.at.slice(0, 10)} ${who.claim!.at.slice(11, 16)} UTC`;
    expect(refused.error.message).toContain(
      `An identical withdrawal is already on its way from desk ‘Front office’ (claimed ${minute} by anna; journal entry #${sent.journalId}`,
    );
  });

  it('finds an invoice’s entry by its code and says which desk and person created it', async () => {
    const created = await a.ok('invoices:create', { order_id: 'WHO-1', amount: '25.00' });
    const code = (created.data as { code?: string }).code;
    expect(code).toBeTruthy();
    const who = await b.ok('team:invoice-who', { code: code! });
    expect(who.entryId).toBe(created.journalId);
    expect(who.steps[0]).toMatchObject({ desk: 'Front office', person: 'anna' });
    expect(await b.ok('team:invoice-who', { code: 'no-such-code' })).toEqual({
      steps: [],
      claim: null,
      entryId: null,
    });
  });

  it('says who started a reconciliation session, on the other desk too (the team’s sessions, not the desk’s own)', async () => {
    const period = { from: '2026-10-01T00:00:00.000Z', to: '2026-10-02T00:00:00.000Z' };
    const started = await a.ok('reconcile:start', period);
    const people = await b.ok('reconcile:people', { id: started.id });
    expect(people.started).toMatchObject({ person: 'anna', deskName: 'Front office' });
    expect(people.closed).toBeNull();
  });

  it('revokes a desk only after main confirms it with the server’s record of that desk, and spares an operator the question', async () => {
    const spare = await team.seedDesk('Spare laptop');
    const shownBefore = b.confirmations.shown.length;
    expect(await b.call('team:revoke-desk', { id: spare.id, reason: 'lost' })).toMatchObject({
      ok: false,
      error: { kind: 'auth' },
    });
    expect(b.confirmations.shown).toHaveLength(shownBefore);

    a.confirmations.decline();
    const declined = await a.call('team:revoke-desk', { id: spare.id, reason: 'Stolen on 25 Nov' });
    a.confirmations.accept();
    expect(declined).toMatchObject({ ok: false, error: { kind: 'declined-in-main' } });
    const asked = a.confirmations.shown.at(-1)!;
    expect(asked.title).toBe('Revoke the desk “Spare laptop”?');
    expect(asked.lines.join('\n')).toContain('Stolen on 25 Nov');
    expect(asked.lines.join('\n')).toContain(spare.id);
    const still = await team.admin('SELECT revoked_at FROM md.desks WHERE id = $1', [spare.id]);
    expect(still.rows[0]!.revoked_at).toBeNull();

    const heard = () => b.events.filter((e) => e.channel === 'team:changed').length;
    const heardBefore = heard();
    const desks = await a.ok('team:revoke-desk', { id: spare.id, reason: 'Stolen on 25 Nov' });
    expect(desks.desks.find((d) => d.id === spare.id)).toMatchObject({
      state: 'revoked',
      revokedBy: 'anna',
      revokeReason: 'Stolen on 25 Nov',
    });
    // Desk B's lists are told to refresh as the revocation commits (the server's md_team notice).
    await expect.poll(heard, { timeout: 5000 }).toBeGreaterThan(heardBefore);
    const again = await a.call('team:revoke-desk', { id: spare.id, reason: 'twice' });
    expect(again).toMatchObject({ ok: false, error: { kind: 'journal-conflict' } });
  });

  it('refuses to leave while this desk holds a withdrawal whose outcome is unknown, naming it', async () => {
    b.sandbox.control.injectFault('createWithdrawal', { kind: 'drop-after' }, 1);
    const lost = await b.ok('withdrawals:create', { ...request, amount: '3.5' });
    expect(lost.outcome).toBe('unknown');
    const shownBefore = b.confirmations.shown.length;
    const refused = await b.call('team:leave');
    expect(refused).toMatchObject({ ok: false, error: { kind: 'journal-conflict' } });
    if (refused.ok) return;
    expect(refused.error.message).toContain(`#${lost.journalId} (unknown`);
    // Refused before main asked anything, and the desk is still on the team.
    expect(b.confirmations.shown).toHaveLength(shownBefore);
    expect((await b.ok('team:status')).joined).toBe(true);
  });
});
