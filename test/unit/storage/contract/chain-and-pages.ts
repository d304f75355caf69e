import { describe, expect, it } from 'vitest';
import { DESK_A, collect, invoice, live, sandbox, withdrawal, type HarnessFactory } from './harness';
import type { JournalStore } from '@main/storage/port';
import { useStore } from './use-store';

/** The hash chain (and that it finds tampering), paging, filters, search and the CSV export. */
export function chainAndPagesContract(factory: HarnessFactory): void {
  async function someEntries(t: { store: JournalStore }): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const id = await t.store.begin('createInvoice', invoice(`ORDER-${i}`));
      await t.store.settle(id, { outcome: 'accepted', externalIds: { invoiceId: `inv-${i}` } });
      ids.push(id);
    }
    const w = await t.store.begin('createWithdrawal', withdrawal({ to_address: 'TNeedle_%x' }));
    await t.store.settle(w, { outcome: 'accepted', externalIds: { withdrawalId: 'WD-1' } });
    const s = await t.store.begin('createInvoice', { ...invoice('SANDBOX-1'), ...sandbox });
    return [...ids, w, s];
  }

  describe('events and the chain', () => {
    const t = useStore(factory);

    it('records each step as an event and verifies the whole chain and a prefix', async () => {
      const id = await t.store.begin('createWithdrawal', withdrawal());
      await t.store.settle(id, { outcome: 'accepted', externalIds: { withdrawalId: 'wd-1' } });
      expect((await t.store.events(id)).map((e) => e.type)).toEqual(['begin', 'settle']);
      const whole = await t.store.verifyChain();
      expect(whole).toMatchObject({ ok: true, events: 2 });
      expect(await t.store.verifyChainUpTo(id)).toMatchObject({ ok: true });
      expect(await t.store.verifyChainGradually()).toMatchObject({ ok: true, events: 2 });
    });

    it('finds an entry changed behind its back', async () => {
      const ids = await someEntries(t);
      expect((await t.store.verifyChain()).ok).toBe(true);
      const store = await t.reopen(DESK_A, () => t.harness.tamperEntry(ids[2]!));
      const check = await store.verifyChain();
      expect(check.ok).toBe(false);
      expect(check.ok ? null : check.brokenAt.entryId).toBe(ids[2]);
      expect((await store.verifyChainUpTo(ids[2]!)).ok).toBe(false);
    });
  });

  describe('pages, filters and search', () => {
    const t = useStore(factory);

    it('pages newest first with the total, filtered by profile, operation and state', async () => {
      const ids = await someEntries(t);
      const first = await t.store.page({ profileId: live.profileId }, { offset: 0, limit: 4 });
      expect(first.total).toBe(6);
      expect(first.entries.map((e) => e.id)).toEqual(ids.slice(0, 6).reverse().slice(0, 4));
      const next = await t.store.page(
        { profileId: live.profileId },
        { offset: 0, limit: 4, before: first.entries.at(-1)!.id },
      );
      expect(next.entries.map((e) => e.id)).toEqual(ids.slice(0, 2).reverse());
      const invoices = await t.store.page(
        { operation: 'createInvoice', state: 'accepted' },
        { offset: 0, limit: 50 },
      );
      expect(invoices.total).toBe(5);
      expect(
        (await t.store.page({ state: 'sending' }, { offset: 0, limit: 50 })).entries.map((e) => e.id),
      ).toEqual([ids[6]]);
      expect(await t.store.pairs(live.profileId)).toEqual([{ coin: 'usdt', network: 'tron' }]);
      expect((await t.store.list({ operation: 'createWithdrawal' })).map((e) => e.id)).toEqual([ids[5]]);
    });

    it('searches typed text as itself, wildcards included', async () => {
      const ids = await someEntries(t);
      const found = async (text: string) =>
        (await t.store.page({ text }, { offset: 0, limit: 50 })).entries.map((e) => e.id);
      expect(await found('order-3')).toEqual([ids[3]]);
      expect(await found('Needle_%')).toEqual([ids[5]]);
      expect(await found('WD-1')).toEqual([ids[5]]);
      expect(await found("' OR 1=1 --")).toEqual([]);
    });

    it('a profile sees only its own open entries', async () => {
      const ids = await someEntries(t);
      const open = await t.store.openEntries(sandbox.profileId);
      expect(open.unknown).toEqual([]);
      const w = await t.store.begin('createWithdrawal', { ...withdrawal({ amount: '3' }), ...sandbox });
      await t.store.settle(w, { outcome: 'unknown' });
      expect((await t.store.openEntries(sandbox.profileId)).unknown.map((e) => e.id)).toEqual([w]);
      expect((await t.store.openEntries(live.profileId)).unknown).toEqual([]);
      expect(ids).toHaveLength(7);
    });
  });

  describe('export', () => {
    const t = useStore(factory);

    it('gives the selected rows as CSV, in pieces or whole, and says when the journal changed since', async () => {
      await someEntries(t);
      const csv = await t.store.exportCsv({ operation: 'createInvoice' });
      expect(csv.rows).toBe(6);
      const text = await collect(csv.pieces());
      expect(text).toBe(await csv.text());
      const lines = text.trim().split('\r\n');
      expect(lines[0]).toMatch(/^id,operation,profile_id/);
      expect(lines).toHaveLength(7);
      expect(await csv.changed()).toBe(false);
      await t.store.begin('createInvoice', invoice('LATER'));
      expect(await csv.changed()).toBe(true);
      // The snapshot stays what it was when taken.
      expect((await csv.text()).trim().split('\r\n')).toHaveLength(7);
    });
  });
}
