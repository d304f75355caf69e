// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JournalEntry } from '@contract';
import { dayStart } from '@renderer/lib/day-start';
import { entry, pageOf, resetStores, showInvoices } from './harness';

afterEach(cleanup);
beforeEach(resetStores);

/** A year of invoices as main pages them: `total` in all, ids counting down from it. */
function journal(total: number) {
  return (request: unknown) => {
    const { offset, limit, anchor } = request as { offset: number; limit: number; anchor?: number };
    const top = anchor ?? total;
    const entries: JournalEntry[] = [];
    for (let id = top - offset; id > Math.max(0, top - offset - limit); id--)
      entries.push(entry({ id: String(id), fields: { orderId: `ORD-${id}`, amount: '25' } }));
    return pageOf(entries, { total: top, anchor: top });
  };
}

const pageCalls = (fake: ReturnType<typeof showInvoices>) =>
  fake.calls.filter((c) => c.channel === 'journal.page').map((c) => c.request as Record<string, unknown>);

describe('the invoice list, paged', () => {
  it('says how many there are and which are shown, and pages through the rest without rows sliding', async () => {
    const fake = showInvoices({ 'journal.page': journal(1234) });
    expect((await screen.findByTestId('invoices-count')).textContent).toBe('Showing 1–50 of 1,234 invoices.');
    expect(await screen.findAllByTestId('invoice-row')).toHaveLength(50);
    const user = userEvent.setup();
    await user.click(screen.getByTestId('invoices-older-page'));
    await waitFor(() =>
      expect(screen.getByTestId('invoices-count').textContent).toBe('Showing 51–100 of 1,234 invoices.'),
    );
    expect(screen.getAllByTestId('invoice-row')[0]!.textContent).toContain('ORD-1184');
    // The second page is counted from the first page's anchor: a new invoice does not shift it.
    expect(pageCalls(fake).at(-1)).toMatchObject({ offset: 50, limit: 50, anchor: 1234 });
    await user.click(screen.getByTestId('invoices-newer-page'));
    await waitFor(() =>
      expect(screen.getByTestId('invoices-count').textContent).toBe('Showing 1–50 of 1,234 invoices.'),
    );
  });

  it('reads only invoices, without the refusals a safe check leaves, filtered by status, days and order ID', async () => {
    const fake = showInvoices({ 'journal.page': journal(3) });
    expect((await screen.findByTestId('invoices-count')).textContent).toBe('3 invoices.');
    expect(pageCalls(fake)[0]!.filter).toEqual({ operation: 'createInvoice', hideOrderRepeats: true });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByTestId('invoice-filter-standing'), 'paid');
    await waitFor(() => expect(pageCalls(fake).at(-1)!.filter).toMatchObject({ invoice: 'paid' }));
    await user.type(screen.getByTestId('invoice-filter-from'), '2026-11-20');
    await user.type(screen.getByTestId('invoice-filter-to'), '2026-11-21');
    await waitFor(() =>
      expect(pageCalls(fake).at(-1)!.filter).toMatchObject({
        invoice: 'paid',
        from: dayStart('2026-11-20'),
        to: dayStart('2026-11-22'),
      }),
    );
    await user.type(screen.getByTestId('invoice-filter-orderId'), 'ORD-7');
    await waitFor(() => expect(pageCalls(fake).at(-1)!.filter).toMatchObject({ text: 'ORD-7' }));
    expect(pageCalls(fake).at(-1)).toMatchObject({ offset: 0 });
    expect(pageCalls(fake).every((c) => (c.filter as { hideOrderRepeats?: boolean }).hideOrderRepeats)).toBe(
      true,
    );
  });

  it('says honestly where an order ID it cannot find may be', async () => {
    showInvoices({
      'journal.page': (request) =>
        (request as { filter: { text?: string } }).filter.text ? pageOf([]) : pageOf([entry()]),
    });
    await screen.findByTestId('invoice-row');
    await userEvent.setup().type(screen.getByTestId('invoice-filter-orderId'), 'SHOP-99');
    const empty = await screen.findByTestId('empty-state');
    expect(empty.textContent).toContain(
      'No invoice from this desk has an order ID or code containing “SHOP-99”',
    );
    expect(empty.textContent).toContain('the service cannot look an invoice up by its order ID');
  });
});

describe('a safe check that finds the invoice exists', () => {
  it('says what can and cannot be done, and the list is read again without the check’s refusal', async () => {
    const lost = entry({
      id: '5',
      state: 'unknown',
      externalIds: {},
      fields: { orderId: 'ORD-5', amount: '25' },
    });
    let checked = false;
    const fake = showInvoices({
      'journal.page': () => pageOf([checked ? { ...lost, state: 'resolved-performed' as const } : lost]),
      'journal.checkInvoice': () => {
        checked = true;
        return { ok: true, data: { ...lost, state: 'resolved-performed' } };
      },
    });
    await userEvent.setup().click(await screen.findByTestId('invoice-check'));
    const found = await screen.findByTestId('invoice-check-found');
    expect(found.textContent).toContain('The invoice exists');
    expect(found.textContent).toContain('the service has no lookup by order ID');
    expect(found.textContent).toContain('Do not create it again');
    await waitFor(() => expect(pageCalls(fake)).toHaveLength(2));
    expect(pageCalls(fake).at(-1)!.filter).toMatchObject({ hideOrderRepeats: true });
  });
});
