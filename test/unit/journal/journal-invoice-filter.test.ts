import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JournalFilter } from '@shared/domain/journal';
import { invoiceBody, live, tempJournal } from '@test/helpers/journal';

let t: ReturnType<typeof tempJournal>;
beforeEach(() => {
  t = tempJournal();
});
afterEach(() => t.cleanup());

const conflict = { message: 'order_id already used', httpStatus: 409 };

/** Invoices in every standing, and the refusals a safe check and a repeated create leave behind. */
function seed() {
  const j = t.journal;
  const invoice = (orderId: string) =>
    j.begin('createInvoice', { ...live, requestBody: invoiceBody({ order_id: orderId }) });
  const open = invoice('O-open');
  j.settle(open, { outcome: 'accepted', externalIds: { invoiceId: 'i-open', invoiceCode: 'C-OPEN' } });
  const paid = invoice('O-paid');
  j.settle(paid, { outcome: 'accepted', externalIds: { invoiceId: 'i-paid', invoiceCode: 'C-PAID' } });
  j.applyInvoiceEvent({ profileId: live.profileId, invoiceId: 'i-paid' }, 'invoice.paid', {});
  const lost = invoice('O-lost');
  j.settle(lost, { outcome: 'unknown' });
  // A safe check: the same order again, refused as a duplicate; the lost one is then resolved created.
  const check = invoice('O-lost');
  j.settle(check, { outcome: 'rejected', error: conflict });
  j.resolve(lost, {
    by: 'evidence',
    performed: true,
    reason: '409 on re-submission',
    evidence: { kind: 'order-id-conflict', orderId: 'O-lost' },
  });
  const refused = invoice('O-refused');
  j.settle(refused, { outcome: 'rejected', error: { message: 'amount too small', httpStatus: 422 } });
  // An order id used outside this desk: its 409 is the only entry of that order, so it stays listed.
  const foreign = invoice('O-elsewhere');
  j.settle(foreign, { outcome: 'rejected', error: conflict });
  const unknown = invoice('O-unknown');
  j.settle(unknown, { outcome: 'unknown' });
  return { open, paid, lost, check, refused, foreign, unknown };
}

const ids = (filter: JournalFilter) =>
  t.journal
    .page(JournalFilter.parse({ operation: 'createInvoice', ...filter }), { offset: 0, limit: 100 })
    .entries.map((e) => e.id)
    .sort((a, b) => a - b);

describe('the invoice list’s filters', () => {
  it('leaves out the refusal a safe check left, and keeps every other refusal', () => {
    const e = seed();
    expect(ids({})).toContain(e.check);
    expect(ids({ hideOrderRepeats: true })).toEqual(
      [e.open, e.paid, e.lost, e.refused, e.foreign, e.unknown].sort((a, b) => a - b),
    );
    expect(
      t.journal.page({ operation: 'createInvoice', hideOrderRepeats: true }, { offset: 0, limit: 2 }).total,
    ).toBe(6);
  });

  it('finds invoices by what became of them', () => {
    const e = seed();
    expect(ids({ invoice: 'open', hideOrderRepeats: true })).toEqual([e.open, e.lost]);
    expect(ids({ invoice: 'paid' })).toEqual([e.paid]);
    expect(ids({ invoice: 'expired' })).toEqual([]);
    expect(ids({ invoice: 'unknown' })).toEqual([e.unknown]);
    expect(ids({ invoice: 'not-created', hideOrderRepeats: true })).toEqual([e.refused, e.foreign]);
  });

  it('looks an order up by its id among the desk’s own, together with the other filters', () => {
    const e = seed();
    expect(ids({ text: 'O-lost', hideOrderRepeats: true })).toEqual([e.lost]);
    expect(ids({ text: 'o-paid', invoice: 'open' })).toEqual([]);
  });

  it('refuses a standing it does not know', () => {
    expect(JournalFilter.safeParse({ invoice: 'partly-paid' }).success).toBe(false);
  });
});
