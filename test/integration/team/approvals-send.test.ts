import { afterAll, beforeAll, expect, it } from 'vitest';
import type pg from 'pg';
import { createMemoryStore } from '@main/secrets';
import { describeWithPg, type PgTeam } from '../../helpers/pg-team';
import type { AppHarness } from '../../helpers/app-harness';
import { fourEyesTeam, joinedDesk } from './joined-desk';

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const withdrawal = (amount: string) => ({ coin: 'usdt', network: 'tron', amount, to_address: ADDRESS });

describeWithPg(
  'an approved withdrawal is sent by the treasury desk, through three desks (issue 28 item 4)',
  (cluster) => {
    let team: PgTeam;
    let adam: pg.Client;
    let a: AppHarness;
    let b: AppHarness;
    let t: AppHarness;
    const bKeychain = createMemoryStore();
    const ACME_KEY = 'acme-key-0123456789';
    /** A profile whose key lives in the keychain (any service but the built-in Sandbox). */
    const acmeOn = (desk: AppHarness) =>
      desk.ok('profiles:create', {
        name: 'Acme',
        environment: 'sandbox',
        baseUrl: desk.sandbox.url,
        merchantId: 'acme',
      });
    const deskIdOf = async (name: string) =>
      (await team.admin<{ id: string }>('SELECT id::text AS id FROM md.desks WHERE name = $1', [name]))
        .rows[0]!.id;

    beforeAll(async () => {
      ({ team, adam } = await fourEyesTeam(cluster(), 'approvalssend', { tom: true }));
      a = await joinedDesk(team, 'anna', 'Front office');
      b = await joinedDesk(team, 'bob', 'Back office', { secrets: bKeychain });
      t = await joinedDesk(team, 'tom', 'Treasury');
      // Desk B held a key before the team named its treasury desk.
      await b.ok('secrets:set', { profileId: (await acmeOn(b)).id, apiKey: ACME_KEY });
      await adam.query('SELECT md.set_treasury_desk($1, true)', [await deskIdOf('Treasury')]);
    }, 90_000);
    afterAll(async () => {
      await a?.dispose();
      await b?.dispose();
      await t?.dispose();
      await team?.close();
    });

    it('A prepares, B approves, A is refused by the database, the treasury desk sends, the webhook settles it; one timeline on every desk', async () => {
      const submitted = await a.ok('approvals:submit', { withdrawal: withdrawal('12') });
      expect(submitted.status).toBe('submitted');
      const { id } = submitted;
      await b.ok('approvals:approve', { id, revision: 1 });
      const twice = await b.call('approvals:approve', { id, revision: 1 });
      expect(twice).toMatchObject({ ok: false, error: { kind: 'journal-conflict' } });
      if (!twice.ok) expect(twice.error.message).toContain('is approved already');

      // Every desk sees it approved and waiting; only the treasury desk may send it.
      const onA = (await a.ok('approvals:queue')).items.find((i) => i.id === id);
      expect(onA?.sendable).toEqual({ here: false, treasuryDesks: ['Treasury'] });
      const onT = (await t.ok('approvals:queue')).items.find((i) => i.id === id);
      expect(onT?.sendable).toEqual({ here: true, treasuryDesks: ['Treasury'] });

      // Desk A skips the screen's advice and asks anyway: main confirms, the database refuses the claim.
      a.confirmations.accept();
      const refused = await a.call('approvals:send', { id, revision: 1 });
      expect(refused).toMatchObject({ ok: false, error: { kind: 'auth' } });
      if (!refused.ok) expect(refused.error.message).toContain('Desk "Front office" is not a treasury desk');
      const state = async () =>
        (await team.admin<{ state: string }>('SELECT state FROM md.entries WHERE id = $1', [id])).rows[0]!
          .state;
      expect(await state()).toBe('intent');

      // An old revision is refused before anything is asked.
      const asked = t.confirmations.shown.length;
      const stale = await t.call('approvals:send', { id, revision: 2 });
      expect(stale).toMatchObject({ ok: false, error: { kind: 'journal-conflict' } });
      expect(t.confirmations.shown).toHaveLength(asked);

      // A declined confirmation claims nothing.
      t.confirmations.decline();
      const declined = await t.call('approvals:send', { id, revision: 1 });
      t.confirmations.accept();
      expect(declined).toMatchObject({ ok: false, error: { kind: 'declined-in-main' } });
      expect(await state()).toBe('intent');
      const shown = t.confirmations.shown.at(-1)!;
      expect(shown.title).toBe(`Send approved withdrawal #${id}?`);
      const lines = shown.lines.join('\n');
      expect(lines).toContain('Amount: 12 USDT');
      expect(lines).toContain('To address: TNPe eaaF B7K9 cmo4 uQpc U32z GK8G 1NYq eL');
      expect(lines).toContain('prepared by anna; approved by bob (Back office)');
      expect(lines).toContain('Once sent, a withdrawal cannot be called back.');

      const sent = await t.ok('approvals:send', { id, revision: 1 });
      expect(sent).toMatchObject({ journalId: id, outcome: 'accepted' });
      const withdrawalId = String((sent.data as { withdrawal_id: string }).withdrawal_id);
      expect(await state()).toBe('accepted');
      // Sent once: a second press finds nothing waiting, and a claim made anyway names the holder.
      const again = await t.call('approvals:send', { id, revision: 1 });
      expect(again).toMatchObject({ ok: false, error: { kind: 'journal-not-found' } });
      await adam.query('SELECT md.set_treasury_desk(md.current_desk(), true)');
      const claimed = await adam.query('SELECT md.claim_approved($1, 1)', [id]).catch((e: Error) => e);
      expect(String(claimed)).toContain('already claimed by desk "Treasury"');
      await adam.query('SELECT md.set_treasury_desk(md.current_desk(), false)');

      const done = await t.ok('sandbox:act', { action: 'complete-withdrawal', withdrawalId });
      expect(done.message).toMatch(/completed/);
      const settlement = async () =>
        (await team.admin<{ settlement: string }>('SELECT settlement FROM md.entries WHERE id = $1', [id]))
          .rows[0]!.settlement;
      await expect.poll(settlement, { timeout: 10_000 }).toBe('completed');
      // The rate events (what each movement was worth) are books, not steps of its life.
      const life = async (desk: AppHarness) =>
        (await desk.ok('team:entry-who', { id })).steps
          .filter((s) => s.type !== 'rate')
          .map((s) => `${s.type} ${s.person} ${s.desk}`);
      for (const desk of [a, b, t]) {
        const steps = await life(desk);
        expect(steps.slice(0, 6)).toEqual([
          'intent anna Front office',
          'approvals.draft anna Front office',
          'approvals.submit anna Front office',
          'approvals.approve bob Back office',
          'claim tom Treasury',
          'settle tom Treasury',
        ]);
        // Then the Sandbox's webhooks (processing, completed), recorded by the desk that received them.
        expect(new Set(steps.slice(6))).toEqual(new Set(['webhook tom Treasury']));
      }
    });

    it('only the treasury desk holds the key: the others refuse to store one and removed the one they had', async () => {
      // Desk B learned it is not a treasury desk (md_team), removed its stored key and says so.
      const acmeOnB = (await b.ok('profiles:list')).profiles.find((p) => p.name === 'Acme')!;
      await expect.poll(() => bKeychain.has(acmeOnB.id), { timeout: 10_000 }).toBe(false);
      const onB = await b.ok('team:treasury-keys');
      expect(onB).toEqual({
        words: expect.stringContaining('not one of the team’s treasury desks (Treasury)'),
        treasuryDesks: ['Treasury'],
        removed: ['Acme'],
      });
      expect(await b.ok('secrets:status', { profileId: acmeOnB.id })).toMatchObject({ stored: false });

      // Desk A refuses to store a key for a profile on a real service, in words naming the treasury desk.
      const acmeOnA = await acmeOn(a);
      const refused = await a.call('secrets:set', { profileId: acmeOnA.id, apiKey: ACME_KEY });
      expect(refused).toMatchObject({ ok: false, error: { kind: 'treasury-only' } });
      if (!refused.ok) expect(refused.error.message).toContain('(Treasury)');

      // The treasury desk stores it; once the team names no treasury desk, every desk may again.
      const acmeOnT = await acmeOn(t);
      await t.ok('secrets:set', { profileId: acmeOnT.id, apiKey: ACME_KEY });
      expect(await t.ok('team:treasury-keys')).toEqual({
        words: null,
        treasuryDesks: ['Treasury'],
        removed: [],
      });
      await adam.query('SELECT md.set_treasury_desk(desk_id, false) FROM md.treasury_desks');
      await expect.poll(async () => (await a.ok('team:treasury-keys')).words, { timeout: 10_000 }).toBeNull();
      await a.ok('secrets:set', { profileId: acmeOnA.id, apiKey: ACME_KEY });
    });
  },
);
