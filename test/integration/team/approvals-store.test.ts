import { afterEach, beforeEach, expect, it } from 'vitest';
import { exportAuditCsv } from '@main/storage/pg/approvals-audit';
import { openPgApprovals } from '@main/storage/pg/approvals-store';
import { eventHash, GENESIS } from '@main/storage/pg/chain-hash';
import { deskConnection, type DeskConnection } from '@main/storage/pg/desk-connection';
import type { ApprovalsStore } from '@main/storage/port/approvals';
import { describeWithPg, type SeededDesk } from '../../helpers/pg-team';
import { parseCsv } from '../../helpers/parse-csv';
import { approvalsTeam, refusal, type ApprovalsTeam } from './approvals-team';

const withdrawal = (amount = '25.50', to = 'TStore1') => ({
  profileId: 'p-live',
  environment: 'live' as const,
  requestBody: { network: 'tron', coin: 'usdt', amount, to_address: to },
});

describeWithPg('the approvals port on PostgreSQL, and the auditor’s CSV', (cluster) => {
  let t: ApprovalsTeam;
  const dbs: DeskConnection[] = [];
  const open = (person: string, desk: SeededDesk = t.desk): [ApprovalsStore, DeskConnection] => {
    const db = deskConnection({ ...t.team.config(person), max: 2 }, { deskUuid: desk.id, token: desk.token });
    dbs.push(db);
    return [openPgApprovals(db), db];
  };

  beforeEach(async () => {
    t = await approvalsTeam(cluster());
    await t.member('adam', 'admin');
    await t.member('otto', 'operator');
    await t.member('anna', 'approver');
    await t.member('audrey', 'auditor');
  });
  afterEach(async () => {
    for (const db of dbs.splice(0)) await db.close();
    await t.close();
  });

  it('prepare, submit, approve and read the queue and state through the port', async () => {
    const [admin] = open('adam');
    const [otto] = open('otto');
    const [anna] = open('anna', t.other);
    const draft = await admin.savePolicyDraft([
      { name: 'book', match: { destination: 'book' }, action: 'allow' },
      { name: 'new address', action: 'require', approvals: 1 },
    ]);
    expect(await admin.publishPolicy(draft)).toBe(1);
    expect(await otto.publishedPolicy()).toMatchObject({ version: 1, publishedBy: 'adam' });
    const id = await otto.draftWithdrawal(withdrawal());
    expect(await otto.submit(id, 1, '1.0001')).toBe('submitted');
    const queue = await anna.queue();
    expect(queue.map((q) => q.entryId)).toEqual([id]);
    expect(queue[0]).toMatchObject({
      revision: 1,
      preparedBy: ['otto'],
      required: 1,
      counted: 0,
      usdRate: '1.0001',
      decision: { rule: 2, name: 'new address', facts: { destination: 'new', usd: '25.502550' } },
    });
    expect(await anna.approve(id, 1)).toBe('approved');
    expect(await otto.state(id)).toMatchObject({
      status: 'approved',
      counted: 1,
      approvals: [{ person: 'anna', desk: 'Desk B', deskId: t.other.id }],
    });
    expect(await anna.queue()).toEqual([]);
    // The team book: proposed by otto, approved by anna, then listed.
    const entry = await otto.proposeAddress({
      coin: 'usdt',
      network: 'tron',
      address: 'TBook',
      label: 'Supplier',
    });
    await anna.approveAddress(entry);
    expect(await otto.addressBook()).toMatchObject([{ id: entry, addedBy: 'otto', approvedBy: 'anna' }]);
    // A draft shown with what it would have done to the last month's withdrawals.
    const small = await otto.draftWithdrawal(withdrawal('10', 'TSmall'));
    const preview = await anna.previewPolicy([
      { name: 'over 20 USD', match: { minUsd: '20' }, action: 'block' },
      { action: 'allow' },
    ]);
    expect(preview.map((p) => [p.entryId, p.status, p.amount, p.decision.action])).toEqual([
      [id, 'approved', '25.50', 'block'],
      [small, 'drafted', '10', 'unknown'],
    ]);
    expect(preview[1]!.decision).toMatchObject({ reason: expect.stringMatching(/USD rate/) });
    const byAmount = await anna.previewPolicy([{ match: { maxAmount: '10' }, action: 'allow' }], 7);
    expect(byAmount.map((p) => p.decision)).toMatchObject([
      { action: 'block', rule: null },
      { action: 'allow', rule: 1 },
    ]);
    await expect(otto.previewPolicy([{ action: 'allow' }])).rejects.toMatchObject({ kind: 'journal-locked' });
  });

  it('refuses bad input at the boundary and the database’s refusals as journal errors in words', async () => {
    const [admin] = open('adam');
    const [otto] = open('otto');
    await expect(admin.savePolicyDraft([{ action: 'require', approvals: 4 }])).rejects.toMatchObject({
      kind: 'journal-invalid',
    });
    await expect(
      admin.savePolicyDraft([{ action: 'allow', match: { minUsd: 1000 } } as never]),
    ).rejects.toMatchObject({
      kind: 'journal-invalid',
    });
    await expect(otto.submit(1, 1, '1e3')).rejects.toMatchObject({ kind: 'journal-invalid' });
    await expect(
      otto.draftWithdrawal({ ...withdrawal(), requestBody: { amount: 1.5 } }),
    ).rejects.toMatchObject({
      kind: 'journal-invalid',
    });
    const id = await otto.draftWithdrawal(withdrawal());
    // Before any policy is published, and for a role that may not: refused as 'locked', in words.
    const early = await refusal(otto.submit(id, 1, null));
    expect(early).toMatchObject({
      kind: 'journal-locked',
      message: expect.stringMatching(/No approval policy/),
    });
    expect(await refusal(otto.approve(id, 1))).toMatchObject({ kind: 'journal-locked' });
    expect(await otto.revise(id, 1, withdrawal('30').requestBody)).toBe(2);
    expect(await refusal(otto.revise(id, 1, withdrawal('31').requestBody))).toMatchObject({
      kind: 'journal-illegal-transition',
    });
  });

  it('the auditor exports the ledger with who, when and which desk per action, and the chain head', async () => {
    const [admin] = open('adam');
    const [otto] = open('otto');
    const [anna] = open('anna', t.other);
    await admin.publishPolicy(await admin.savePolicyDraft([{ action: 'require', approvals: 1 }]));
    const id = await otto.draftWithdrawal(withdrawal('1', '=HYPERLINK("x")'));
    await otto.submit(id, 1, null);
    await anna.approve(id, 1);
    const [, auditorDb] = open('audrey');
    const csv = await exportAuditCsv(auditorDb);
    const rows = parseCsv(csv);
    const head = rows.pop()!;
    expect(rows.map((r) => `${r.type} ${r.entry} ${r.person} ${r.desk}`)).toEqual([
      'approvals.policy-publish  adam Desk A',
      `intent ${id} otto Desk A`,
      `approvals.draft ${id} otto Desk A`,
      `approvals.submit ${id} otto Desk A`,
      `approvals.approve ${id} anna Desk B`,
    ]);
    for (const r of rows) expect(r.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // The file is enough to re-hash the chain, and it ends at the head.
    let prev = GENESIS;
    for (const r of rows) {
      const hash = eventHash({
        seq: Number(r.seq),
        entryId: r.entry === '' ? null : Number(r.entry),
        type: r.type!,
        at: r.at!,
        detail: r.detail!,
        deskId: r.desk_id!,
        person: r.person!,
        prevHash: prev,
      });
      expect(hash).toBe(r.hash);
      prev = hash;
    }
    expect(head).toMatchObject({ type: 'chain-head', seq: '5', hash: prev });
    // An operator may not run the auditor's read.
    const [, ottoDb] = open('otto', t.other);
    await expect(exportAuditCsv(ottoDb)).rejects.toMatchObject({ kind: 'journal-locked' });
  });
});
