import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppHarness } from '../../helpers/app-harness';
import { createPgTeam, describeWithPg, type PgTeam } from '../../helpers/pg-team';
import { joinedDesk } from './joined-desk';

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const OTHER = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const withdrawal = (amount: string) => ({ coin: 'usdt', network: 'tron', amount, to_address: ADDRESS });

describeWithPg(
  'the policy editor, the team’s address book and treasury desks through the app (issue 28)',
  (cluster) => {
    let team: PgTeam;
    let admin: AppHarness;
    let anna: AppHarness;
    let bob: AppHarness;
    beforeAll(async () => {
      team = await createPgTeam(cluster(), 'policyapp');
      await team.person('adam', 'admin');
      await team.person('anna', 'operator');
      await team.person('bob', 'viewer');
      await team.admin('GRANT md_approver TO bob');
      admin = await joinedDesk(team, 'adam', 'Admin desk');
      anna = await joinedDesk(team, 'anna', 'Front office');
      bob = await joinedDesk(team, 'bob', 'Back office');
    }, 90_000);
    afterAll(async () => {
      await admin?.dispose();
      await anna?.dispose();
      await bob?.dispose();
      await team?.close();
    });

    it('an admin drafts, previews and publishes a policy (confirmed in main, in main’s words); others read it only', async () => {
      expect(await anna.ok('approvals:policy-get')).toEqual({ published: null, draft: null, canEdit: false });
      expect((await admin.ok('approvals:policy-get')).canEdit).toBe(true);

      const fourEyes = [{ name: 'four eyes', action: 'require' as const, approvals: 1 }];
      // An operator's draft is refused by the database, in words.
      const refused = await anna.call('approvals:policy-save-draft', { rules: fourEyes });
      expect(refused).toMatchObject({ ok: false, error: { kind: 'auth' } });
      if (!refused.ok) {
        expect(refused.error.message).toContain('Your role in the team does not allow this');
        // Marked as the team's refusal, so the screen shows these words, not the API key's.
        expect(refused.error.details).toEqual({ refusedBy: 'team' });
      }
      // "require" without a number of approvals is refused at the boundary, by the one schema.
      const bad = await admin.call('approvals:policy-save-draft', { rules: [{ action: 'require' }] });
      expect(bad).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });

      const first = await admin.ok('approvals:policy-save-draft', { rules: fourEyes, note: 'first' });
      expect((await admin.ok('approvals:policy-get')).draft).toMatchObject({ id: first.id, rules: fourEyes });
      // Publishing is an admin's: an operator is refused before main asks anything.
      const asked = anna.confirmations.shown.length;
      const notAdmin = await anna.call('approvals:policy-publish', { id: first.id });
      expect(notAdmin).toMatchObject({ ok: false, error: { kind: 'auth' } });
      expect(anna.confirmations.shown).toHaveLength(asked);

      admin.confirmations.decline();
      const declined = await admin.call('approvals:policy-publish', { id: first.id });
      admin.confirmations.accept();
      expect(declined).toMatchObject({ ok: false, error: { kind: 'declined-in-main' } });
      expect((await admin.ok('approvals:policy-get')).published).toBeNull();
      const published = await admin.ok('approvals:policy-publish', { id: first.id });
      expect(published.published).toMatchObject({ version: 1, rules: fourEyes, publishedBy: 'adam' });
      expect(published.draft).toBeNull();
      const shown = admin.confirmations.shown.at(-1)!;
      expect(shown.title).toBe('Publish the approval policy as version 1?');
      expect(shown.lines).toContain(
        'Rule 1 “four eyes”: every withdrawal requires 1 approval from any approver.',
      );
      // The same draft again: it is published already, so it is not the newest draft.
      const again = await admin.call('approvals:policy-publish', { id: first.id });
      expect(again).toMatchObject({ ok: false, error: { kind: 'journal-conflict' } });
      expect(await anna.ok('approvals:policy-get')).toMatchObject({
        canEdit: false,
        published: { version: 1 },
      });

      // Two withdrawals of the last month, then a draft with a narrow block before a broad allow.
      await expect
        .poll(async () => (await anna.ok('rates:snapshot')).rows.some((r) => r.symbol === 'usdt'), {
          timeout: 10_000,
        })
        .toBe(true);
      await anna.ok('approvals:submit', { withdrawal: withdrawal('40') });
      await anna.ok('approvals:submit', { withdrawal: withdrawal('500') });
      const narrowFirst = [
        { name: 'large', match: { coin: 'usdt', minAmount: '100' }, action: 'block' as const },
        { name: 'rest', action: 'allow' as const },
      ];
      const preview = await admin.ok('approvals:policy-preview', { rules: narrowFirst });
      expect(preview.days).toBe(30);
      expect(preview.counts).toEqual({ allow: 1, block: 1, require: 0, unknown: 0 });
      expect(preview.rows.find((r) => r.amount === '500')).toMatchObject({
        outcome: 'block',
        words: 'Rule 1 “large”: is blocked',
        toAddress: ADDRESS,
      });
      // A rule in USD over a withdrawal recorded with a rate is judged; the words say which rule.
      const usd = await admin.ok('approvals:policy-preview', {
        rules: [{ match: { maxUsd: '100' }, action: 'require', approvals: 2, groups: ['treasury'] }],
      });
      expect(usd.counts).toMatchObject({ require: 1, block: 1 });
      expect(usd.rows.find((r) => r.amount === '40')?.words).toBe(
        'Rule 1: requires 2 approvals from the group treasury',
      );
    });

    it('the team’s address book: proposed after main’s confirmation, approved by someone else only, removed with a reason', async () => {
      const empty = await anna.ok('teamBook:list');
      expect(empty).toMatchObject({
        entries: [],
        person: 'anna',
        canPropose: true,
        canApprove: false,
        canRemove: false,
      });
      expect(await bob.ok('teamBook:list')).toMatchObject({
        canPropose: true,
        canApprove: true,
        canRemove: true,
      });

      const proposed = await anna.ok('teamBook:propose', {
        label: 'Supplier',
        coin: 'USDT',
        network: 'TRON',
        address: OTHER,
      });
      expect(proposed.entries).toMatchObject([
        {
          label: 'Supplier',
          coin: 'usdt',
          network: 'tron',
          address: OTHER,
          addedBy: 'anna',
          approvedBy: null,
        },
      ]);
      expect(anna.confirmations.shown.at(-1)!.title).toBe('Propose “Supplier” for the team’s address book?');
      const id = proposed.entries[0]!.id;

      // The proposer cannot approve it: said before main asks, and the database refuses it anyway.
      const asked = anna.confirmations.shown.length;
      const own = await anna.call('teamBook:approve', { id });
      expect(own).toMatchObject({ ok: false, error: { kind: 'auth' } });
      if (!own.ok) expect(own.error.message).toContain('another approver must approve it');
      expect(anna.confirmations.shown).toHaveLength(asked);
      const direct = await team.deskClient(await team.seedDesk('Anna again'), 'anna', 'operator');
      await team.admin('GRANT md_approver TO anna');
      await expect(direct.query('SELECT md.approve_address($1)', [id])).rejects.toThrow(
        'another approver must approve it',
      );
      await team.admin('REVOKE md_approver FROM anna');

      const approved = await bob.ok('teamBook:approve', { id });
      expect(approved.entries[0]).toMatchObject({ approvedBy: 'bob' });
      expect(bob.confirmations.shown.at(-1)!.lines).toContain(
        'Proposed by anna at ' + proposed.entries[0]!.addedAt,
      );

      // An operator may not remove one: the database refuses, in words.
      const notYours = await anna.call('teamBook:remove', { id, reason: 'wrong' });
      expect(notYours).toMatchObject({ ok: false, error: { kind: 'auth' } });
      const noReason = await bob.call('teamBook:remove', { id, reason: ' ' });
      expect(noReason).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
      const removed = await bob.ok('teamBook:remove', { id, reason: 'Supplier changed bank' });
      expect(removed.entries).toEqual([]);
      const { rows } = await team.admin<{ removed_by: string; remove_reason: string }>(
        'SELECT removed_by, remove_reason FROM md.address_book WHERE id = $1',
        [id],
      );
      expect(rows).toEqual([{ removed_by: 'bob', remove_reason: 'Supplier changed bank' }]);
    });

    it('an admin names a treasury desk and a group’s member after main’s confirmation; others are refused', async () => {
      const desks = (await admin.ok('team:desks')).desks;
      const back = desks.find((d) => d.name === 'Back office')!;
      expect(await anna.ok('team:access')).toEqual({ treasuryDesks: [], groups: [] });

      const asked = anna.confirmations.shown.length;
      const refused = await anna.call('team:set-treasury-desk', { deskId: back.id, holdsKey: true });
      expect(refused).toMatchObject({ ok: false, error: { kind: 'auth' } });
      expect(anna.confirmations.shown).toHaveLength(asked);

      const named = await admin.ok('team:set-treasury-desk', { deskId: back.id, holdsKey: true });
      expect(named.treasuryDesks).toEqual([back.id]);
      const shown = admin.confirmations.shown.at(-1)!;
      expect(shown.title).toBe('Make “Back office” a treasury desk?');
      expect(shown.lines.join('\n')).toContain('every other desk is refused when it tries to send');

      const grouped = await admin.ok('team:set-group-member', {
        group: 'treasury',
        person: 'bob',
        member: true,
      });
      expect(grouped.groups).toEqual([{ name: 'treasury', members: ['bob'] }]);
      expect(admin.confirmations.shown.at(-1)!.title).toBe('Add bob to the group treasury?');
      const badGroup = await admin.call('team:set-group-member', {
        group: 'Treasury!',
        person: 'bob',
        member: true,
      });
      expect(badGroup).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });

      // The database holds the rule whatever a desk sends: an operator's direct call is refused.
      const direct = await team.deskClient(await team.seedDesk('Anna direct'), 'anna', 'operator');
      await expect(direct.query('SELECT md.set_treasury_desk($1, true)', [back.id])).rejects.toThrow(
        /permission denied/,
      );
      const { rows } = await team.admin<{ desk_id: string }>('SELECT desk_id::text FROM md.treasury_desks');
      expect(rows).toEqual([{ desk_id: back.id }]);
      await admin.ok('team:set-treasury-desk', { deskId: back.id, holdsKey: false });
      expect((await bob.ok('team:access')).treasuryDesks).toEqual([]);
    });

    it('an admin adds approver and auditor beside a level after main’s confirmation; the ledger refuses anyone else', async () => {
      const annaNow = async () => (await bob.ok('team:people')).people.find((p) => p.person === 'anna');
      expect(await annaNow()).toEqual({ person: 'anna', role: 'operator', also: [] });

      const asked = bob.confirmations.shown.length;
      const refused = await bob.call('team:grant-role', { person: 'anna', role: 'approver', holds: true });
      expect(refused).toMatchObject({ ok: false, error: { kind: 'auth' } });
      expect(bob.confirmations.shown).toHaveLength(asked);

      admin.confirmations.decline();
      const declined = await admin.call('team:grant-role', { person: 'anna', role: 'approver', holds: true });
      expect(declined).toMatchObject({ ok: false, error: { kind: 'declined-in-main' } });
      expect((await annaNow())?.also).toEqual([]);
      admin.confirmations.accept();

      await admin.ok('team:grant-role', { person: 'anna', role: 'approver', holds: true });
      const shown = admin.confirmations.shown.at(-1)!;
      expect(shown.title).toBe('Make anna an approver?');
      expect(shown.lines.join('\n')).toContain('approves or rejects withdrawals others prepared');
      const both = await admin.ok('team:grant-role', { person: 'anna', role: 'auditor', holds: true });
      expect(both.people.find((p) => p.person === 'anna')).toEqual({
        person: 'anna',
        role: 'operator',
        also: ['approver', 'auditor'],
      });
      const taken = await admin.ok('team:grant-role', { person: 'anna', role: 'auditor', holds: false });
      expect(taken.people.find((p) => p.person === 'anna')?.also).toEqual(['approver']);

      const bad = await admin.call('team:grant-role', {
        person: 'anna',
        role: 'admin' as never,
        holds: true,
      });
      expect(bad).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
      // The database holds the rule whatever a desk sends: an operator's direct call is refused.
      const direct = await team.deskClient(await team.seedDesk('Anna grants'), 'anna', 'operator');
      await expect(direct.query(`SELECT md.grant_person_role('anna', 'approver', true)`)).rejects.toThrow(
        /permission denied/,
      );
      expect((await annaNow())?.also).toEqual(['approver']);
    });
  },
);
