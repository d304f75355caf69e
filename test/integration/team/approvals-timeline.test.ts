import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPgApprovals } from '@main/storage/pg/approvals-store';
import { deskConnection, type DeskConnection } from '@main/storage/pg/desk-connection';
import { openPgJournalStore, type PgJournalStore } from '@main/storage/pg/journal-store';
import { describeWithPg } from '../../helpers/pg-team';
import { approvalsTeam, type ApprovalsTeam } from './approvals-team';

describeWithPg('a withdrawal’s life is one timeline on its entry, on every desk', (cluster) => {
  let t: ApprovalsTeam;
  const dbs: DeskConnection[] = [];
  const stores: PgJournalStore[] = [];

  beforeAll(async () => {
    t = await approvalsTeam(cluster());
    await t.member('adam', 'admin');
    await t.member('otto', 'operator');
    await t.member('anna', 'approver');
  });
  afterAll(async () => {
    for (const s of stores) await s.close();
    for (const db of dbs) await db.close();
    await t.close();
  });

  it('drafted on desk B, approved on desk B, claimed and settled by the treasury desk A', async () => {
    const approvals = (person: string, desk = t.other) => {
      const db = deskConnection(
        { ...t.team.config(person), max: 2 },
        { deskUuid: desk.id, token: desk.token },
      );
      dbs.push(db);
      return openPgApprovals(db);
    };
    const admin = approvals('adam', t.desk);
    await admin.setTreasuryDesk(t.desk.id, true);
    await admin.publishPolicy(await admin.savePolicyDraft([{ action: 'require', approvals: 1 }]));
    const otto = approvals('otto');
    const id = await otto.draftWithdrawal({
      profileId: 'p-live',
      environment: 'live',
      requestBody: { network: 'tron', coin: 'usdt', amount: '120', to_address: 'TLife1' },
    });
    await otto.submit(id, 1, '1');
    await approvals('anna').approve(id, 1);
    const open = async (person: string, desk = t.desk) => {
      const store = await openPgJournalStore(t.team.config(person), {
        deskId: `desk-${desk.id}`,
        deskToken: desk.token,
      });
      stores.push(store);
      return store;
    };
    const onB = await open('otto', t.other);
    await expect(onB.claim(id)).rejects.toMatchObject({ kind: 'journal-locked' });
    const treasury = await open('otto');
    await treasury.claim(id);
    await treasury.settle(id, {
      outcome: 'accepted',
      response: { status: 'processing' },
      externalIds: { withdrawalId: 'w-life' },
    });
    for (const store of [onB, treasury]) {
      const seen = await store.provenance(id);
      expect(seen?.steps.map((s) => `${s.type} by ${s.person} on ${s.desk}`)).toEqual([
        'intent by otto on Desk B',
        'approvals.draft by otto on Desk B',
        'approvals.submit by otto on Desk B',
        'approvals.approve by anna on Desk B',
        'claim by otto on Desk A',
        'settle by otto on Desk A',
      ]);
      expect(seen?.claim).toMatchObject({ desk: 'Desk A', person: 'otto' });
      expect(await store.verifyChain()).toMatchObject({ ok: true });
    }
    expect(await treasury.get(id)).toMatchObject({ state: 'accepted', settlement: 'processing' });
  });
});
