import { afterEach, beforeEach, expect, it } from 'vitest';
import { COUNT_AHEAD } from '@main/storage/pg/entry-reads';
import type { JournalStore } from '@main/storage/port';
import { DESK_A, collect, invoice, withdrawal } from '../../unit/storage/contract/harness';
import { describeWithPg } from '../../helpers/pg-team';
import { pgHarness } from './pg-harness';

/**
 * The team ledger's Journal reads at scale (issue 27): a whole identifier is found by equality and
 * lists the rows that are it; a part of one is searched inside every one; a page counts only so far
 * past itself and says when there are more.
 */
describeWithPg('team ledger reads', (cluster) => {
  let t: Awaited<ReturnType<typeof pgHarness>>;
  let store: JournalStore;
  beforeEach(async () => {
    t = await pgHarness(cluster());
    store = await t.open(DESK_A);
  }, 30_000);
  afterEach(() => t.cleanup());

  /** `n` settled invoices of p-live inserted as the owner (orders BULK-1 … BULK-n), as the bench does. */
  async function bulk(n: number): Promise<void> {
    await t.team.admin(
      `INSERT INTO md.entries (operation, profile_id, environment, state, request_body, order_id,
         invoice_id, created_at, updated_at, desk_id, created_by, claimed_by, change_seq)
       SELECT 'createInvoice', 'p-live', 'live', 'accepted', '{}', 'BULK-' || n, 'inv-bulk-' || n,
         '2026-11-26T08:00:00.000Z', '2026-11-26T08:00:00.000Z', $1, 'olga', $1, nextval('md.change_seq')
       FROM generate_series(1, $2::int) AS n ORDER BY n`,
      [DESK_A.replace(/^desk-/, ''), n],
    );
  }

  const ids = async (text: string) =>
    (await store.page({ text }, { offset: 0, limit: 50 })).entries.map((e) => e.id).sort((a, b) => a - b);

  it('finds a whole identifier by itself, any case, and a part of one inside every id', async () => {
    const made: number[] = [];
    for (const order of ['ORD-7', 'ORD-70', 'ORD-700', 'X-ORD-7']) {
      const id = await store.begin('createInvoice', invoice(order));
      await store.settle(id, {
        outcome: 'accepted',
        externalIds: { invoiceId: `inv-${order}` },
        response: { address: `TPay${order}` },
      });
      made.push(id);
    }
    const sent = await store.begin('createWithdrawal', withdrawal({ to_address: 'TWhole99' }));
    await store.settle(sent, { outcome: 'accepted', externalIds: { withdrawalId: 'WD-55' } });
    // Whole: the entry that is it, not the longer ids it is part of.
    expect(await ids('ORD-7')).toEqual([made[0]]);
    expect(await ids('  ord-70 ')).toEqual([made[1]]);
    expect(await ids('inv-ORD-700')).toEqual([made[2]]);
    expect(await ids('twhole99')).toEqual([sent]);
    expect(await ids('WD-55')).toEqual([sent]);
    // The payment address is in the answer only.
    expect(await ids('TPayORD-70')).toEqual([made[1]]);
    // A part that no identifier equals: every id holding it.
    expect(await ids('RD-7')).toEqual(made);
    expect(await ids('rd-70')).toEqual([made[1], made[2]]);
    expect(await ids('Whole9')).toEqual([sent]);
    expect(await ids('nothing-like-it')).toEqual([]);
    // Other filters still apply to a whole identifier.
    expect(
      (await store.page({ text: 'ORD-7', operation: 'createWithdrawal' }, { offset: 0, limit: 50 })).entries,
    ).toEqual([]);
    // The export of a search holds the rows the list showed.
    const csv = await store.exportCsv({ text: 'ORD-7' });
    expect(csv.rows).toBe(1);
    expect((await collect(csv.pieces())).trim().split('\r\n')).toHaveLength(2);
  });

  it('a number finds the entry of that number beside any identifier equal to it', async () => {
    const first = await store.begin('createInvoice', invoice('order-first'));
    const second = await store.begin('createInvoice', invoice(String(first)));
    expect(await ids(String(first))).toEqual([first, second]);
    expect(await ids(`#${second}`)).toEqual([second]);
  });

  it('counts a page only so far past itself, says so, and counts further as the list is scrolled', async () => {
    const rows = COUNT_AHEAD + 150;
    await bulk(rows);
    const first = await store.page({ profileId: 'p-live' }, { offset: 0, limit: 100 });
    expect(first.entries.map((e) => e.id)).toEqual(Array.from({ length: 100 }, (_, i) => first.anchor - i));
    expect(first).toMatchObject({ total: 100 + COUNT_AHEAD, totalIsCapped: true, newer: 0 });
    // The next page by its keyset cursor: the rows above it counted, then as far again below.
    const next = await store.page(
      { profileId: 'p-live' },
      { offset: 0, limit: 100, anchor: first.anchor, before: first.entries.at(-1)!.id },
    );
    expect(next.entries[0]!.id).toBe(first.anchor - 100);
    expect(next).toMatchObject({ total: rows, newer: 0 });
    expect(next.totalIsCapped).toBeUndefined();
    // A jump down the scrollbar (by offset) counts past where it lands.
    const far = await store.page({ profileId: 'p-live' }, { offset: 200, limit: 100, anchor: first.anchor });
    expect(far.entries[0]!.id).toBe(first.anchor - 200);
    expect(far.total).toBe(rows);
    // A small filtered count is exact, and an empty page still says how many there are.
    const one = await store.page({ text: 'BULK-7' }, { offset: 0, limit: 100 });
    expect(one).toMatchObject({ total: 1 });
    expect(one.totalIsCapped).toBeUndefined();
    const past = await store.page({ profileId: 'p-live' }, { offset: rows, limit: 100 });
    expect(past).toMatchObject({ entries: [], total: rows });
  });

  it('counts newer entries up to the same cap', async () => {
    await bulk(5);
    const first = await store.page({}, { offset: 0, limit: 10 });
    expect(first.newer).toBe(0);
    await bulk(COUNT_AHEAD + 5);
    const again = await store.page({}, { offset: 0, limit: 10, anchor: first.anchor });
    expect(again).toMatchObject({ total: 5, newer: COUNT_AHEAD, newerIsCapped: true });
    const fresh = await store.page({}, { offset: 0, limit: 10 });
    expect(fresh.newer).toBe(0);
    expect(fresh.newerIsCapped).toBeUndefined();
  });
});
