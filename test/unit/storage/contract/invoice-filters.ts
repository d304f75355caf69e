import { describe, expect, it } from 'vitest';
import { JournalFilter } from '@shared/domain/journal';
import type { EntryFilter } from '@main/storage/port';
import { invoice, type HarnessFactory } from './harness';
import { useStore } from './use-store';

const conflict = { message: 'order_id already used', httpStatus: 409 };

/** The invoice list's filters: what became of an invoice, and the refusals a safe check leaves. */
export function invoiceFiltersContract(factory: HarnessFactory): void {
  describe('the invoice list’s filters', () => {
    const t = useStore(factory);

    /** Invoices in every standing, and the refusals a safe check and a repeated create leave behind. */
    async function seed() {
      const j = t.store;
      const create = (orderId: string) => j.begin('createInvoice', invoice(orderId));
      const open = await create('O-open');
      await j.settle(open, {
        outcome: 'accepted',
        externalIds: { invoiceId: 'i-open', invoiceCode: 'C-OPEN' },
      });
      const paid = await create('O-paid');
      await j.settle(paid, {
        outcome: 'accepted',
        externalIds: { invoiceId: 'i-paid', invoiceCode: 'C-PAID' },
      });
      await j.applyInvoiceEvent({ profileId: 'p-live', invoiceId: 'i-paid' }, 'invoice.paid', {});
      const lost = await create('O-lost');
      await j.settle(lost, { outcome: 'unknown' });
      // A safe check: the same order again, refused as a duplicate; the lost one is then resolved created.
      const check = await create('O-lost');
      await j.settle(check, { outcome: 'rejected', error: conflict });
      await j.resolve(lost, {
        by: 'evidence',
        performed: true,
        reason: '409 on re-submission',
        evidence: { kind: 'order-id-conflict', orderId: 'O-lost' },
      });
      const refused = await create('O-refused');
      await j.settle(refused, {
        outcome: 'rejected',
        error: { message: 'amount too small', httpStatus: 422 },
      });
      // An order id used outside this desk: its 409 is the only entry of that order, so it stays listed.
      const foreign = await create('O-elsewhere');
      await j.settle(foreign, { outcome: 'rejected', error: conflict });
      const unknown = await create('O-unknown');
      await j.settle(unknown, { outcome: 'unknown' });
      return { open, paid, lost, check, refused, foreign, unknown };
    }

    const ids = async (filter: Partial<JournalFilter>) =>
      (
        await t.store.page(JournalFilter.parse({ operation: 'createInvoice', ...filter }) as EntryFilter, {
          offset: 0,
          limit: 100,
        })
      ).entries
        .map((e) => e.id)
        .sort((a, b) => a - b);

    it('leaves out the refusal a safe check left, and keeps every other refusal', async () => {
      const e = await seed();
      expect(await ids({})).toContain(e.check);
      expect(await ids({ hideOrderRepeats: true })).toEqual(
        [e.open, e.paid, e.lost, e.refused, e.foreign, e.unknown].sort((a, b) => a - b),
      );
      const page = await t.store.page(
        { operation: 'createInvoice', hideOrderRepeats: true },
        { offset: 0, limit: 2 },
      );
      expect(page.total).toBe(6);
    });

    it('finds invoices by what became of them, and an order by its id', async () => {
      const e = await seed();
      expect(await ids({ invoice: 'open', hideOrderRepeats: true })).toEqual([e.open, e.lost]);
      expect(await ids({ invoice: 'paid' })).toEqual([e.paid]);
      expect(await ids({ invoice: 'expired' })).toEqual([]);
      expect(await ids({ invoice: 'unknown' })).toEqual([e.unknown]);
      expect(await ids({ invoice: 'not-created', hideOrderRepeats: true })).toEqual([e.refused, e.foreign]);
      expect(await ids({ text: 'O-lost', hideOrderRepeats: true })).toEqual([e.lost]);
      expect(await ids({ text: 'o-paid', invoice: 'open' })).toEqual([]);
    });

    it('refuses a standing it does not know', () => {
      expect(JournalFilter.safeParse({ invoice: 'partly-paid' }).success).toBe(false);
    });
  });
}
