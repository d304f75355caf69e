import { afterEach, beforeEach, expect, it } from 'vitest';
import { eventHash, GENESIS, type EventRow } from '@main/storage/pg/chain-hash';
import {
  openPgJournalStore,
  type PgJournalStore,
  type VerifiedPosition,
} from '@main/storage/pg/journal-store';
import { createPgTeam, describeWithPg, type PgTeam, type SeededDesk } from '../../helpers/pg-team';

const invoice = (orderId: string) => ({
  profileId: 'p-live',
  environment: 'live' as const,
  requestBody: { order_id: orderId, amount: '25.00' },
});

/**
 * What an administrator with the server's superuser can do: change an entry, make its newest event's
 * snapshot say the same, and recompute every hash after it and the head, so the chain is whole again.
 */
async function rewriteHistory(team: PgTeam, entryId: number, amount: string): Promise<void> {
  await team.admin('BEGIN');
  await team.admin('UPDATE md.entries SET amount = $1 WHERE id = $2', [amount, entryId]);
  const { rows } = await team.admin<EventRow>(
    'SELECT *, desk_id::text AS desk_id FROM md.events ORDER BY seq',
  );
  const newest = Math.max(...rows.filter((r) => Number(r.entry_id) === entryId).map((r) => Number(r.seq)));
  let prev = GENESIS;
  for (const r of rows) {
    let detail = r.detail;
    if (Number(r.seq) === newest) {
      const parsed = JSON.parse(detail) as { entry: Record<string, unknown> };
      parsed.entry.amount = amount;
      detail = JSON.stringify(parsed);
    }
    const seq = Number(r.seq);
    const entryId_ = r.entry_id === null ? null : Number(r.entry_id);
    const hash = eventHash({ ...r, seq, entryId: entryId_, detail, deskId: r.desk_id, prevHash: prev });
    await team.admin('UPDATE md.events SET detail = $1, prev_hash = $2, hash = $3 WHERE seq = $4', [
      detail,
      prev,
      hash,
      seq,
    ]);
    prev = hash;
  }
  await team.admin('UPDATE md.chain_head SET hash = $1', [prev]);
  await team.admin('COMMIT');
}

describeWithPg('team ledger tamper: a rewritten history is reported by every desk', (cluster) => {
  let team: PgTeam;
  const stores: PgJournalStore[] = [];
  const open = async (desk: SeededDesk, lastVerified: VerifiedPosition | null = null) => {
    const store = await openPgJournalStore(team.config('tess'), {
      deskId: desk.id,
      deskToken: desk.token,
      lastVerified,
    });
    stores.push(store);
    return store;
  };

  beforeEach(async () => {
    team = await createPgTeam(cluster(), 'tamper');
    await team.person('tess', 'operator');
  });
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    await team.close();
  });

  it('a desk that verified up to N reports an admin rewrite with every later hash recomputed', async () => {
    const [deskA, deskB, deskC] = [
      await team.seedDesk('Desk A'),
      await team.seedDesk('Desk B'),
      await team.seedDesk('Desk C'),
    ];
    const a = await open(deskA);
    const b = await open(deskB);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const id = await a.begin('createInvoice', invoice(`T-${i}`));
      await a.settle(id, { outcome: 'accepted', externalIds: { invoiceId: `inv-${i}` } });
      ids.push(id);
    }
    const seenByA = await a.verifyChain();
    expect((await b.verifyChain()).ok).toBe(true);
    expect(seenByA).toMatchObject({ ok: true, events: 8 });
    expect(a.lastVerified()).toEqual({ seq: 8, hash: seenByA.ok ? seenByA.head : '' });
    expect(b.lastVerified()).toEqual(a.lastVerified());
    // Work goes on after both checked.
    await b.begin('createInvoice', invoice('T-later'));

    await rewriteHistory(team, ids[1]!, '9999.00');
    // The chain is whole in itself: a desk that never checked before cannot tell.
    const fresh = await open(deskC);
    expect(await fresh.verifyChain()).toMatchObject({ ok: true, events: 9 });
    // Every desk that had verified reports it, on its next check and when it opens with its position.
    for (const store of [a, b]) {
      const check = await store.verifyChain();
      expect(check.ok).toBe(false);
      expect(check.ok ? '' : check.brokenAt.reason).toMatch(/history was rewritten/);
    }
    const reopened = await open(deskA, seenByA.ok ? { seq: 8, hash: seenByA.head } : null);
    expect(reopened.chainProblem).toMatch(/history was rewritten: event 8/);
    expect((await reopened.verifyChain()).ok).toBe(false);
  });

  it('a row changed without its event, an event edited or an event removed is found by any desk', async () => {
    const desk = await team.seedDesk('Desk A');
    const a = await open(desk);
    const first = await a.begin('createInvoice', invoice('X-1'));
    const second = await a.begin('createInvoice', invoice('X-2'));
    expect((await a.verifyChain()).ok).toBe(true);

    await team.admin("UPDATE md.entries SET order_id = 'X-9' WHERE id = $1", [first]);
    expect(await a.verifyChain()).toMatchObject({ ok: false, brokenAt: { entryId: first } });
    expect((await a.verifyChainUpTo(first)).ok).toBe(false);
    expect((await a.verifyChainUpTo(second)).ok).toBe(true);
    await team.admin("UPDATE md.entries SET order_id = 'X-1' WHERE id = $1", [first]);
    expect((await a.verifyChain()).ok).toBe(true);

    await team.admin(
      "UPDATE md.events SET detail = replace(detail, 'createInvoice', 'createinvoice') WHERE seq = 1",
    );
    expect(await a.verifyChain()).toMatchObject({ ok: false, brokenAt: { seq: 1 } });
    await team.admin(
      "UPDATE md.events SET detail = replace(detail, 'createinvoice', 'createInvoice') WHERE seq = 1",
    );
    await team.admin('DELETE FROM md.events WHERE seq = 2');
    expect(await a.verifyChain()).toMatchObject({ ok: false });
  });
});
