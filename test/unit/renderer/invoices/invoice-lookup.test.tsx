// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InvoiceLookupView } from '@contract';
import { InvoiceDetails } from '@renderer/features/invoices/InvoiceDetails';
import { progressOf } from '@renderer/features/invoices/invoice-figures';
import { installDomMerchant } from '../dom-merchant';
import { entry, pageOf, resetStores, showInvoices } from './harness';
import { lookupView } from './lookup-view';

const NAMES = new Map([['tron', 'TRON (TRC-20)']]);
const details = (view: InvoiceLookupView) =>
  render(<InvoiceDetails view={view} environment="sandbox" names={NAMES} />);
const bar = () => screen.getByRole('progressbar');

beforeEach(resetStores);
afterEach(cleanup);

describe('paid versus due', () => {
  it('partial is drawn short of complete even when its figures round to 100 %', () => {
    details(lookupView({ status: 'partial', payed_crypto: '39.999', payed_usd: '39.99' }));
    expect(bar().getAttribute('aria-valuenow')).toBe('99');
    expect(bar().getAttribute('aria-valuetext')).toContain('not complete');
    expect(screen.getByTestId('paid-progress').dataset.complete).toBe('false');
    expect(screen.getByTestId('invoice-status').textContent).toBe('Partly paid');
    // Still payable: the address QR and exactly what is left.
    expect(screen.getByTestId('invoice-address-qr')).toBeTruthy();
    expect(screen.getByText(/Send exactly/).textContent).toContain('0.001 USDT');
  });

  it('partial with everything paid by the figures is still not complete; only the status "paid" completes it', () => {
    expect(progressOf('40', '40', 'partial')).toMatchObject({ percent: 99, complete: false });
    expect(progressOf('41', '40', 'waiting')).toMatchObject({ percent: 99, complete: false });
    expect(progressOf('10', '40', 'partial')).toMatchObject({ percent: 25, complete: false });
    expect(progressOf('40', '40', 'paid')).toMatchObject({ percent: 100, complete: true });
    expect(progressOf('0.0000001', '40', 'partial')).toMatchObject({ percent: 0, complete: false });
    expect(progressOf('10', '0', 'partial')).toBeNull();
  });

  it('paid is complete, and a closed invoice shows no QR to pay it again', () => {
    details(
      lookupView({ status: 'paid', payed_crypto: '40', payed_usd: '40.00', transaction_list: ['0xabc'] }),
    );
    expect(bar().getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByTestId('paid-progress').dataset.complete).toBe('true');
    expect(screen.queryByTestId('invoice-address-qr')).toBeNull();
    expect(screen.getByText(/This invoice is closed/)).toBeTruthy();
    expect(within(screen.getByTestId('invoice-transactions')).getByText('0xabc')).toBeTruthy();
  });
});

describe('a lookup that could not read everything', () => {
  it('shows the unreadable fields in place and in a list with their raw values, and keeps extra fields', () => {
    const view = lookupView(
      { surprise_flag: 'kept', payed_usd: undefined },
      {
        unreadable: [{ field: 'invoice.payed_usd', problem: 'expected a decimal string', value: 12.5 }],
        warnings: ['The answer had no {status, data} envelope.'],
        rate_hint: { usd: '1.0001' },
      },
    );
    delete view.invoice.payed_usd;
    details(view);
    expect(screen.getByTestId('fact-paid-usd').textContent).toContain(
      'could not be read (expected a decimal string): 12.5',
    );
    const list = screen.getByTestId('invoice-unreadable');
    expect(list.textContent).toContain('invoice.payed_usd');
    expect(list.textContent).toContain('as received: 12.5');
    const other = screen.getByTestId('invoice-other-fields');
    expect(other.textContent).toContain('Surprise flag');
    expect(other.textContent).toContain('kept');
    expect(other.textContent).toContain('1.0001');
    expect(screen.getByTestId('invoice-lookup-warnings').textContent).toContain('envelope');
  });
});

describe('card checkout', () => {
  it('offered with card payments allowed and at least 15.00 USD due; each failure_code explained in words', async () => {
    const fake = installDomMerchant({
      'invoices.cardOrder': () => ({
        ok: true,
        data: {
          journalId: '9',
          outcome: 'rejected',
          error: {
            kind: 'provider-card',
            message: 'nope',
            httpStatus: 422,
            failureCode: 'provider_unavailable',
          },
        },
      }),
    });
    details(
      lookupView({ allow_card_payments: true, amount_usd: '40.00', payed_usd: '20.00', status: 'partial' }),
    );
    await userEvent.setup().click(screen.getByTestId('card-start'));
    expect((await screen.findByTestId('card-refused')).textContent).toContain(
      'The card provider is not available right now',
    );
    expect(fake.calls.filter((c) => c.channel === 'invoices.cardOrder').map((c) => c.request)).toEqual([
      { code: 'CODE1' },
    ]);
  });

  it('not offered with less than 15.00 USD still due, and says why', () => {
    details(
      lookupView({ allow_card_payments: true, amount_usd: '40.00', payed_usd: '25.01', status: 'partial' }),
    );
    expect(screen.queryByTestId('card-start')).toBeNull();
    expect(screen.getByTestId('card-not-offered').textContent).toContain('at least 15.00 USD still due');
  });

  it('a started order shows its status in words and the link for the customer', async () => {
    installDomMerchant({
      'invoices.cardOrder': () => ({
        ok: true,
        data: {
          journalId: '10',
          outcome: 'accepted',
          data: {
            id: 'cko_1',
            provider: 'sandbox-card',
            local_status: 'redirect_pending',
            expires_at: new Date(Date.now() + 1800_000).toISOString(),
            redirect_url: 'https://cards.example.com/go/cko_1',
          },
        },
      }),
    });
    details(lookupView({ allow_card_payments: true }));
    await userEvent.setup().click(screen.getByTestId('card-start'));
    expect((await screen.findByTestId('card-order-status')).textContent).toBe(
      'Waiting for the customer on the card page',
    );
    expect(screen.getAllByTestId('checkout-url').map((e) => e.textContent)).toContain(
      'https://cards.example.com/go/cko_1',
    );
  });
});

describe('the list of invoices from this desk', () => {
  it('newest first as main pages it, unknown as its own state, and a refresh that re-reads the status', async () => {
    const fake = showInvoices({
      'journal.page': () =>
        pageOf([
          // Main's order: newest first.
          entry({ id: '3', state: 'unknown', createdAt: '2026-11-22T08:00:00.000Z', externalIds: {} }),
          entry({
            id: '2',
            createdAt: '2026-11-22T07:00:00.000Z',
            fields: { orderId: 'ORD-2', amount: '30', invoiceStatus: 'paid' },
            externalIds: { invoiceCode: 'MID2' },
          }),
          entry({ id: '1', createdAt: '2026-11-22T06:00:00.000Z', externalIds: { invoiceCode: 'OLD1' } }),
        ]),
      'invoices.get': () => ({
        ok: true,
        data: lookupView({ code: 'OLD1', status: 'partial', payed_usd: '5' }),
      }),
    });
    const rows = await screen.findAllByTestId('invoice-row');
    expect(rows.map((r) => r.dataset.state)).toEqual(['unknown', 'accepted', 'accepted']);
    expect(within(rows[0]!).getByTestId('invoice-row-status').textContent).toBe(
      'Unknown: may or may not exist',
    );
    expect(within(rows[0]!).getByTestId('invoice-check')).toBeTruthy();
    expect(within(rows[1]!).getByTestId('invoice-row-status').textContent).toBe('Paid');
    expect(within(rows[2]!).getByTestId('invoice-row-status').textContent).toBe('Awaiting payment');
    await userEvent.setup().click(within(rows[2]!).getByTestId('invoice-row-refresh'));
    await screen.findByText('Partly paid', { selector: '[data-testid="invoice-row-status"]' });
    expect(fake.calls.filter((c) => c.channel === 'invoices.get').map((c) => c.request)).toEqual([
      { code: 'OLD1' },
    ]);
  });

  it('takes the changed entry main pushes (a webhook moved an invoice), without reading the list again', async () => {
    const invoice = (status: string) =>
      entry({ fields: { orderId: 'ORD-1', amount: '25', invoiceStatus: status } });
    const fake = showInvoices({
      'journal.page': () => pageOf([invoice('waiting')]),
    });
    await screen.findByText('Awaiting payment');
    fake.emit('journal:changed', invoice('paid'));
    expect(await screen.findByText('Paid', { selector: '[data-testid="invoice-row-status"]' })).toBeTruthy();
    expect(fake.calls.filter((c) => c.channel === 'journal.page')).toHaveLength(1);
  });
});

describe('a refresh that fails', () => {
  it('keeps the status and figures on screen, marked stale with the reason, in the row and in the lookup', async () => {
    let fail = false;
    showInvoices({
      'journal.page': () => pageOf([entry()]),
      'invoices.get': () =>
        fail
          ? { ok: false, error: { kind: 'transport', message: 'ECONNRESET' } }
          : { ok: true, data: lookupView({ code: 'INV1', status: 'partial', payed_crypto: '10' }) },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Show details/ }));
    expect((await screen.findByTestId('invoice-details')).textContent).toContain('Invoice INV1');
    fail = true;
    await user.click(screen.getByTestId('invoice-row-refresh'));
    expect((await screen.findByTestId('invoice-row-stale')).textContent).toContain('Could not refresh');
    expect(screen.getByTestId('invoice-row-status').textContent).toBe('Partly paid');
    expect(screen.getByTestId('stale-notice').textContent).toContain(
      'Invoice INV1’s figures may be out of date',
    );
    expect(screen.getByTestId('invoice-details').textContent).toContain('Partly paid');
    // Looking the same invoice up again is a refresh: the figures stay while it runs.
    fail = false;
    await user.click(screen.getByTestId('invoice-lookup-submit'));
    await waitFor(() => expect(screen.queryByTestId('stale-notice')).toBeNull());
    expect(screen.queryByTestId('invoice-row-stale')).toBeNull();
  });
});

describe('re-reading the open invoices', () => {
  it('reads, one by one, only the created invoices not known to be closed, and shows what it read', async () => {
    const fake = showInvoices({
      'journal.page': () =>
        pageOf([
          entry({
            id: '4',
            fields: { orderId: 'O4', invoiceStatus: 'waiting' },
            externalIds: { invoiceCode: 'WAIT4' },
          }),
          entry({ id: '3', state: 'rejected', externalIds: {} }),
          entry({
            id: '2',
            fields: { orderId: 'O2', invoiceStatus: 'paid' },
            externalIds: { invoiceCode: 'PAID2' },
          }),
          entry({ id: '1', externalIds: { invoiceCode: 'OPEN1' } }),
        ]),
      'invoices.get': (request) => {
        const { code } = request as { code: string };
        return { ok: true, data: lookupView({ code, status: code === 'OPEN1' ? 'expired' : 'partial' }) };
      },
    });
    await screen.findAllByTestId('invoice-row');
    await userEvent.setup().click(screen.getByTestId('invoices-refresh-open'));
    await screen.findByText('Expired', { selector: '[data-testid="invoice-row-status"]' });
    await screen.findByText('Partly paid', { selector: '[data-testid="invoice-row-status"]' });
    // In list order, newest first.
    expect(fake.calls.filter((c) => c.channel === 'invoices.get').map((c) => c.request)).toEqual([
      { code: 'WAIT4' },
      { code: 'OPEN1' },
    ]);
  });
});
