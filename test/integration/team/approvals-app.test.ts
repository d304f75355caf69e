import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAppHarness, type AppHarness } from '../../helpers/app-harness';
import { describeWithPg, type PgTeam } from '../../helpers/pg-team';
import { fourEyesTeam, joinedDesk } from './joined-desk';

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const withdrawal = (amount: string) => ({ coin: 'usdt', network: 'tron', amount, to_address: ADDRESS });

describeWithPg('the approval queue through two desks of a team (issue 28)', (cluster) => {
  let team: PgTeam;
  let a: AppHarness;
  let b: AppHarness;
  beforeAll(async () => {
    // Every withdrawal needs one approval: published by an admin at a desk of their own.
    ({ team } = await fourEyesTeam(cluster(), 'approvalsapp'));
    a = await joinedDesk(team, 'anna', 'Front office');
    b = await joinedDesk(team, 'bob', 'Back office');
  }, 60_000);
  afterAll(async () => {
    await a?.dispose();
    await b?.dispose();
    await team?.close();
  });

  it('desk A prepares and submits; desk B sees it whole in its queue and approves it after main’s confirmation', async () => {
    const heard = (desk: AppHarness) => desk.events.filter((e) => e.channel === 'approvals:changed').length;
    const heardOnB = heard(b);
    // The USD value is main's (its rates feed: the Sandbox prices USDT at 1), never the page's.
    await expect
      .poll(async () => (await a.ok('rates:snapshot')).rows.some((r) => r.symbol === 'usdt'), {
        timeout: 10_000,
      })
      .toBe(true);
    const submitted = await a.ok('approvals:submit', { withdrawal: withdrawal('40') });
    expect(submitted.status).toBe('submitted');
    // Desk B's live sync sees the submission and tells its window the queue changed.
    await expect.poll(() => heard(b), { timeout: 5000 }).toBeGreaterThan(heardOnB);

    const seen = await b.ok('approvals:queue');
    expect(seen.canApprove).toBe(true);
    expect(seen.items).toHaveLength(1);
    const item = seen.items[0]!;
    expect(item).toMatchObject({
      id: submitted.id,
      revision: 1,
      preparedBy: ['anna'],
      coin: 'usdt',
      network: 'tron',
      amount: '40',
      address: ADDRESS,
      addressName: null,
      approvals: [],
      counted: 0,
      required: 1,
      rule: 'rule 1, four eyes',
      mine: false,
    });
    expect(Number(item.usd)).toBe(40);
    const page = await a.call('approvals:submit', {
      withdrawal: withdrawal('41'),
      usdRate: '0.0001',
    } as never);
    expect(page).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    // A bad address is refused at the boundary, naming the field the form shows it on.
    const bad = await a.call('approvals:submit', {
      withdrawal: { ...withdrawal('41'), to_address: 'not-an-address' },
    });
    expect(bad).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    if (!bad.ok) expect(Object.keys(bad.error.fieldErrors ?? {})).toEqual(['withdrawal.to_address']);
    const onA = await a.ok('approvals:queue');
    expect(onA).toMatchObject({ canApprove: false, items: [{ id: submitted.id, mine: true }] });

    // A's approval of its own is refused in words, before main asks anything.
    const asked = a.confirmations.shown.length;
    const own = await a.call('approvals:approve', { id: submitted.id, revision: 1 });
    expect(own).toMatchObject({ ok: false, error: { kind: 'auth' } });
    if (!own.ok) expect(own.error.message).toContain('someone else must approve it');
    expect(a.confirmations.shown).toHaveLength(asked);

    // A revision the ledger no longer holds is refused; so is a declined confirmation.
    const stale = await b.call('approvals:approve', { id: submitted.id, revision: 2 });
    expect(stale).toMatchObject({ ok: false, error: { kind: 'journal-conflict' } });
    b.confirmations.decline();
    const declined = await b.call('approvals:approve', { id: submitted.id, revision: 1 });
    b.confirmations.accept();
    expect(declined).toMatchObject({ ok: false, error: { kind: 'declined-in-main' } });
    const shown = b.confirmations.shown.at(-1)!;
    expect(shown.title).toBe(`Approve withdrawal #${submitted.id}?`);
    const lines = shown.lines.join('\n');
    expect(lines).toContain('TNPe eaaF B7K9 cmo4 uQpc U32z GK8G 1NYq eL');
    expect(lines).toContain('new address');
    // The harness desks record in the built-in Sandbox: no OS user check is asked for play money.
    expect(lines).toMatch(/SANDBOX · profile \S+/);
    expect(shown.userCheck).toBeUndefined();
    expect(lines).toContain('Prepared by anna');
    expect((await b.ok('approvals:queue')).items).toHaveLength(1);

    const heardOnA = heard(a);
    const after = await b.ok('approvals:approve', { id: submitted.id, revision: 1 });
    // Approved, it no longer waits for a person: it waits for a desk allowed to send it.
    expect(after.items).toMatchObject([{ id: submitted.id, sendable: { here: true, treasuryDesks: [] } }]);
    await expect.poll(() => heard(a), { timeout: 5000 }).toBeGreaterThan(heardOnA);
    const { rows } = await team.admin<{ status: string; person: string }>(
      `SELECT a.status, p.person FROM md.approval_intents a JOIN md.approvals p USING (entry_id)
        WHERE a.entry_id = $1`,
      [submitted.id],
    );
    expect(rows).toEqual([{ status: 'approved', person: 'bob' }]);
  });

  it('an operator’s approval is refused by the database (no EXECUTE on md.approve), in words; a rejection needs a reason and is confirmed', async () => {
    // Prepared by another operator at another desk, so desk A's own check does not stop anna.
    const olga = await team.deskClient(await team.seedDesk('Olga desk'), 'olga', 'operator');
    const body = JSON.stringify({ network: 'tron', coin: 'usdt', amount: '12', to_address: ADDRESS });
    const drafted = await olga.query<{ id: string }>(
      `SELECT md.draft_withdrawal('p-olga', 'sandbox', $1, NULL)::text AS id`,
      [body],
    );
    const id = drafted.rows[0]!.id;
    await olga.query('SELECT md.submit_withdrawal($1, 1, NULL)', [id]);

    a.confirmations.accept();
    const refused = await a.call('approvals:approve', { id, revision: 1 });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'auth' } });
    if (!refused.ok) expect(refused.error.message).toContain('Your role in the team does not allow this');

    const noReason = await b.call('approvals:reject', { id, revision: 1, reason: '  ' });
    expect(noReason).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    const after = await b.ok('approvals:reject', { id, revision: 1, reason: 'Supplier paid by card' });
    expect(after.items.map((i) => i.id)).not.toContain(id);
    expect(b.confirmations.shown.at(-1)!.lines.join('\n')).toContain(
      'Reason, as the team will see it: Supplier paid by card',
    );
    const { rows } = await team.admin<{ status: string; reject_reason: string }>(
      'SELECT status, reject_reason FROM md.approval_intents WHERE entry_id = $1',
      [id],
    );
    expect(rows).toEqual([{ status: 'rejected', reject_reason: 'Supplier paid by card' }]);
  });

  it('the audit trail is exported for an auditor, with every action and the chain head; an operator is refused in words', async () => {
    const refused = await a.call('approvals:audit-export');
    expect(refused).toMatchObject({ ok: false, error: { kind: 'auth' } });
    // The screen offers the export as the ledger's roles allow it.
    expect((await a.ok('approvals:queue')).canAudit).toBe(false);
    expect((await b.ok('approvals:queue')).canAudit).toBe(false);
    await team.admin('GRANT md_auditor TO bob');
    expect((await b.ok('approvals:queue')).canAudit).toBe(true);
    // An admin may run the export too (md.audit_trail is granted to md_admin).
    await team.admin('GRANT md_admin TO anna');
    expect((await a.ok('approvals:queue')).canAudit).toBe(true);
    await team.admin('REVOKE md_admin FROM anna');
    const saved = await b.ok('approvals:audit-export');
    expect(saved.path).toMatch(/merchant-desk-audit-trail-\d{4}-\d\d-\d\d\.csv$/);
    // CSV rows end in CRLF (RFC 4180), as the journal's export does.
    const lines = readFileSync(saved.path!, 'utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('seq,at,type,entry,desk,desk_id,person,detail,prev_hash,hash');
    expect(lines).toHaveLength(saved.actions + 2);
    // The submissions and decisions of the tests above are in it, with who and which desk.
    expect(
      lines.some((l) => l.includes('approvals.') && l.includes('anna') && l.includes('Front office')),
    ).toBe(true);
    const { rows } = await team.admin<{ seq: string; hash: string }>(
      'SELECT seq::text AS seq, hash FROM md.chain_head',
    );
    expect(lines.at(-1)).toBe(`${rows[0]!.seq},,chain-head,,,,,,,${rows[0]!.hash}`);
  });

  it('on a desk alone the channels answer that approvals are for a team’s ledger', async () => {
    const alone = await startAppHarness();
    try {
      for (const answer of [
        await alone.call('approvals:queue'),
        await alone.call('approvals:approve', { id: '1', revision: 1 }),
        await alone.call('approvals:reject', { id: '1', revision: 1, reason: 'no' }),
        await alone.call('approvals:audit-export'),
        await alone.call('approvals:send', { id: '1', revision: 1 }),
      ]) {
        expect(answer).toMatchObject({ ok: false, error: { kind: 'unavailable' } });
        if (!answer.ok) expect(answer.error.message).toContain('Approvals are for a team’s ledger');
      }
      // On a desk alone nothing changes about the keys.
      expect(await alone.ok('team:treasury-keys')).toEqual({ words: null, treasuryDesks: [], removed: [] });
    } finally {
      await alone.dispose();
    }
  });
});
