import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppHarness } from '../../helpers/app-harness';
import { createPgTeam, describeWithPg, type PgTeam } from '../../helpers/pg-team';
import { joinedDesk } from './joined-desk';

// Issue 28 item 1: main refuses a write the person's role may not make before anything is recorded,
// in the words the screen shows (TeamStatus.refused), not only the ledger's grants.

describeWithPg('writes a viewer may not make, refused by main first (issue 28 item 1)', (cluster) => {
  let team: PgTeam;
  let viewer: AppHarness;
  let operator: AppHarness;
  const entries = async () =>
    Number((await team.admin<{ n: string }>('SELECT count(*) AS n FROM md.entries')).rows[0]!.n);
  const refusedOf = async (desk: AppHarness) => (await desk.ok('team:status')).refused ?? {};
  beforeAll(async () => {
    team = await createPgTeam(cluster(), 'writeroles');
    await team.person('vera', 'viewer');
    // An auditor holding no write role reads as a viewer (md.team_people) and writes nothing either.
    await team.admin('GRANT md_auditor TO vera');
    await team.person('otto', 'operator');
    viewer = await joinedDesk(team, 'vera', 'Audit desk');
    operator = await joinedDesk(team, 'otto', 'Front office');
  }, 60_000);
  afterAll(async () => {
    await viewer?.dispose();
    await operator?.dispose();
    await team?.close();
  });

  it('team:status tells the screens what the viewer may not do, and nothing for an operator', async () => {
    // The role is read once the ledger opens, just after the desk comes online.
    await expect
      .poll(async () => Object.keys(await refusedOf(viewer)).sort(), { timeout: 10_000 })
      .toEqual(['invoices', 'journal', 'reconcile', 'wallets', 'webhooks', 'withdrawals']);
    expect((await refusedOf(viewer)).invoices).toContain('an operator or admin creates invoices');
    expect(await refusedOf(operator)).toEqual({});
  });

  it('a viewer’s invoices:create is refused by main, in the screen’s words, before any ledger write', async () => {
    const words = (await refusedOf(viewer)).invoices!;
    const before = await entries();
    const refused = await viewer.call('invoices:create', { order_id: 'VIEW-1', amount: '25.00' });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'auth' } });
    // Main's words, not the ledger's grant refusal ("Your role in the team does not allow this").
    if (!refused.ok) expect(refused.error.message).toBe(words);
    expect(await entries()).toBe(before);
  });

  it('a viewer’s wallets:create and card checkout are refused the same way; nothing is recorded', async () => {
    const before = await entries();
    const wallet = await viewer.call('wallets:create', { coin: 'usdt', network: 'tron' });
    expect(wallet).toMatchObject({ ok: false, error: { kind: 'auth' } });
    if (!wallet.ok) expect(wallet.error.message).toBe((await refusedOf(viewer)).wallets);
    const card = await viewer.call('invoices:card-order', { code: 'NOSUCH1' });
    expect(card).toMatchObject({ ok: false, error: { kind: 'auth' } });
    expect(await entries()).toBe(before);
  });

  it('a viewer’s reconciliation, webhook import and unknown-entry resolution are refused by main too', async () => {
    const refused = await refusedOf(viewer);
    const sessions = async () =>
      Number((await team.admin<{ n: string }>('SELECT count(*) AS n FROM md.recon_sessions')).rows[0]!.n);
    const before = await sessions();
    const period = { from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' };
    const calls = [
      [await viewer.call('reconcile:start', period), refused.reconcile],
      [await viewer.call('webhooks:import', { kind: 'jsonl', content: '{}' }), refused.webhooks],
      [
        await viewer.call('journal:resolve', { id: '1', performed: false, reason: 'checked', name: 'Vera' }),
        refused.journal,
      ],
    ] as const;
    for (const [answer, words] of calls) {
      expect(answer).toMatchObject({ ok: false, error: { kind: 'auth' } });
      if (!answer.ok) expect(answer.error.message).toBe(words);
    }
    expect(await sessions()).toBe(before);
  });

  it('an operator’s invoice is recorded as before', async () => {
    const before = await entries();
    const created = await operator.ok('invoices:create', { order_id: 'OP-1', amount: '25.00' });
    expect(created.outcome).toBe('accepted');
    expect(await entries()).toBe(before + 1);
  });

  it('a viewer made operator on the server may write at once: main and the screens follow the role', async () => {
    await team.admin("SELECT md.set_person_role('vera', 'operator')");
    await expect.poll(() => refusedOf(viewer), { timeout: 10_000 }).toEqual({});
    expect((await viewer.ok('team:status')).role).toBe('operator');
    const created = await viewer.ok('invoices:create', { order_id: 'VERA-1', amount: '25.00' });
    expect(created.outcome).toBe('accepted');
  });
});
