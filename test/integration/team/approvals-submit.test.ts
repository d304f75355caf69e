import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAppHarness, type AppHarness } from '../../helpers/app-harness';
import { createPgTeam, describeWithPg, type PgTeam } from '../../helpers/pg-team';
import { joinedDesk } from './joined-desk';

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const withdrawal = (amount: string) => ({ coin: 'usdt', network: 'tron', amount, to_address: ADDRESS });

describeWithPg(
  'submitting from the Withdrawals screen once the team approves withdrawals (issue 28)',
  (cluster) => {
    let team: PgTeam;
    let a: AppHarness;
    let b: AppHarness;
    const intents = async () =>
      Number((await team.admin<{ n: string }>('SELECT count(*) AS n FROM md.approval_intents')).rows[0]!.n);
    beforeAll(async () => {
      team = await createPgTeam(cluster(), 'approvalssubmit');
      await team.person('anna', 'operator');
      await team.person('bob', 'viewer');
      await team.admin('GRANT md_approver TO bob');
      a = await joinedDesk(team, 'anna', 'Front office');
      b = await joinedDesk(team, 'bob', 'Back office');
    }, 60_000);
    afterAll(async () => {
      await a?.dispose();
      await b?.dispose();
      await team?.close();
    });

    it('main says which way the form ends: send on a desk alone and before a policy, submit once one is published', async () => {
      const alone = await startAppHarness();
      try {
        expect(await alone.ok('withdrawals:path')).toEqual({ path: 'send' });
        expect(await alone.ok('approvals:waiting')).toEqual({ count: 0 });
      } finally {
        await alone.dispose();
      }
      expect(await a.ok('withdrawals:path')).toEqual({ path: 'send' });
      // Before a policy, a submission is refused in words before main asks anything.
      const asked = a.confirmations.shown.length;
      const early = await a.call('approvals:submit', { withdrawal: withdrawal('5') });
      expect(early).toMatchObject({ ok: false, error: { kind: 'unavailable' } });
      expect(a.confirmations.shown).toHaveLength(asked);

      const adam = await team.deskClient(await team.seedDesk('Admin desk'), 'adam', 'admin');
      const draft = await adam.query<{ id: string }>('SELECT md.save_policy_draft($1, $2) AS id', [
        JSON.stringify([
          { name: 'too big', match: { minAmount: '1000' }, action: 'block' },
          { name: 'four eyes', action: 'require', approvals: 2 },
        ]),
        'test policy',
      ]);
      await adam.query('SELECT md.publish_policy($1)', [draft.rows[0]!.id]);
      expect(await a.ok('withdrawals:path')).toMatchObject({ path: 'approval', policyVersion: 1 });
    });

    it('main’s confirmation says nothing is sent yet and what the policy requires; declined, nothing is recorded', async () => {
      await expect
        .poll(async () => (await a.ok('rates:snapshot')).rows.some((r) => r.symbol === 'usdt'), {
          timeout: 10_000,
        })
        .toBe(true);
      const before = await intents();
      a.confirmations.decline();
      const declined = await a.call('approvals:submit', { withdrawal: withdrawal('40') });
      a.confirmations.accept();
      expect(declined).toMatchObject({ ok: false, error: { kind: 'declined-in-main' } });
      expect(await intents()).toBe(before);
      const shown = a.confirmations.shown.at(-1)!;
      expect(shown.title).toBe('Submit this withdrawal for approval?');
      expect(shown.confirmLabel).toBe('Submit for approval');
      const lines = shown.lines.join('\n');
      expect(lines).toContain('It is not sent yet');
      expect(lines).toContain(
        'The team’s policy needs 2 approvals from approvers (rule 2, “four eyes” of policy version 1).',
      );
      expect(lines).toContain('TNPe eaaF B7K9 cmo4 uQpc U32z GK8G 1NYq eL');
      expect(lines).toContain('New address — not in the team’s address book.');
      expect(lines).toMatch(/^Fees: /m);

      const submitted = await a.ok('approvals:submit', { withdrawal: withdrawal('40') });
      expect(submitted.status).toBe('submitted');
      expect(await intents()).toBe(before + 1);

      // Desk B's approver is told (a toast here: the harness has no system notifier), once.
      const toasts = (desk: AppHarness) =>
        desk.events.filter(
          (e) =>
            e.channel === 'notification:toast' && (e.payload as { kind: string }).kind === 'approval-waiting',
        );
      await expect.poll(() => toasts(b).length, { timeout: 5000 }).toBe(1);
      expect(toasts(b)[0]!.payload).toMatchObject({
        entryId: null,
        title: 'Approval needed · SANDBOX',
        body: expect.stringContaining(`Withdrawal #${submitted.id}: 40 USDT`),
      });
      expect(toasts(a)).toEqual([]);
    });

    it('a withdrawal the policy blocks is refused before main asks anything, and nothing is recorded', async () => {
      const [before, asked] = [await intents(), a.confirmations.shown.length];
      const blocked = await a.call('approvals:submit', { withdrawal: withdrawal('5000') });
      expect(blocked).toMatchObject({ ok: false, error: { kind: 'auth' } });
      if (!blocked.ok) expect(blocked.error.message).toContain('blocks it (rule 1, “too big”');
      expect(a.confirmations.shown).toHaveLength(asked);
      expect(await intents()).toBe(before);
    });

    it('the queue shows the fee lines of main’s review; the approver has it waiting, the preparer does not', async () => {
      const queue = await b.ok('approvals:queue');
      expect(queue.items).toHaveLength(1);
      const [item] = queue.items;
      expect(item!.feeLines?.[0]).toMatch(/^Fees: /);
      expect(item!.feeLines?.join('\n')).toContain('USDT');
      expect(await b.ok('approvals:waiting')).toEqual({ count: 1 });
      expect(await a.ok('approvals:waiting')).toEqual({ count: 0 });
      await b.ok('approvals:approve', { id: item!.id, revision: 1 });
      // One of two approvals: it still waits, but no longer for bob.
      expect(await b.ok('approvals:waiting')).toEqual({ count: 0 });
    });

    it('the entry shows one timeline on every desk: drafted, submitted, approved by whom, rejected with the reason', async () => {
      const [item] = (await b.ok('approvals:queue')).items;
      await b.ok('approvals:reject', { id: item!.id, revision: 1, reason: 'Wrong supplier' });
      for (const desk of [a, b]) {
        const who = await desk.ok('team:entry-who', { id: item!.id });
        const lines = who.steps
          .filter((s) => s.type.startsWith('approvals.'))
          .map((s) => `${s.type} by ${s.person} on ${s.desk}: ${s.note}`);
        expect(lines).toEqual([
          'approvals.draft by anna on Front office: Not sent: drafted as revision 1',
          'approvals.submit by anna on Front office: Needs 2 approvals from approvers (policy version 1)',
          'approvals.approve by bob on Back office: 1 of 2 approvals for revision 1',
          'approvals.reject by bob on Back office: Reason: Wrong supplier',
        ]);
        expect(who.approval).toBe('Rejected by bob: Wrong supplier (revision 1, policy version 1)');
        // Nobody claimed it: no desk holds its send.
        expect(who.claim).toBeNull();
      }
    });
  },
);
