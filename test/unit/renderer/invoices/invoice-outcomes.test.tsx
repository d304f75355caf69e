// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entry, pageOf, resetStores, showInvoices } from './harness';
import { lookupView } from './lookup-view';

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

beforeEach(resetStores);
afterEach(cleanup);

async function submit(orderId: string, amount = '25') {
  const user = userEvent.setup();
  await user.clear(input('invoice-order-id'));
  await user.type(input('invoice-order-id'), orderId);
  await user.type(input('invoice-amount'), amount);
  await user.click(screen.getByTestId('invoice-create'));
  return user;
}

describe('invoice outcomes', () => {
  it('unknown: said in words, amber, never as failed; "check safely" re-submits through journal:check-invoice and shows what it found', async () => {
    const fake = showInvoices({
      'invoices.create': () => ({
        ok: true,
        data: {
          journalId: '12',
          outcome: 'unknown',
          error: { kind: 'transport', message: 'socket hang up' },
        },
      }),
      'journal.checkInvoice': () => ({
        ok: true,
        data: entry({
          id: '12',
          state: 'resolved-performed',
          fields: { orderId: 'ORD-LOST' },
          externalIds: {},
          resolution: { by: 'evidence', performed: true },
        }),
      }),
    });
    const user = await submit('ORD-LOST');
    const unknown = await screen.findByTestId('invoice-unknown');
    expect(unknown.className).toContain('notice--unknown');
    expect(unknown.textContent).toContain('The service may or may not have created this invoice');
    expect(unknown.textContent).toContain('ORD-LOST');
    expect(screen.queryByTestId('error-notice')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('invoice-outcome'));
    expect(input('invoice-order-id').value).toBe('ORD-LOST');
    expect(input('invoice-amount').value).toBe('25');

    await user.click(screen.getByRole('button', { name: 'Check safely by re-submitting the same order ID' }));
    expect((await screen.findByTestId('invoice-check-found')).textContent).toContain(
      'The invoice exists: the first attempt did create it.',
    );
    expect(fake.calls.filter((c) => c.channel === 'journal.checkInvoice').map((c) => c.request)).toEqual([
      { id: '12' },
    ]);
    // The check itself is the only write: the form did not send the invoice again.
    expect(fake.calls.filter((c) => c.channel === 'invoices.create')).toHaveLength(1);
  });

  it('unknown, check inconclusive: says so, the entry stays unknown and the check can be tried again', async () => {
    showInvoices({
      'invoices.create': () => ({ ok: true, data: { journalId: '13', outcome: 'unknown' } }),
      'journal.checkInvoice': () => ({
        ok: false,
        error: {
          kind: 'check-inconclusive',
          message: 'The check did not get a clear answer (500), so the entry stays unknown.',
        },
      }),
    });
    const user = await submit('ORD-FOG');
    await user.click(await screen.findByTestId('invoice-check'));
    const notice = await screen.findByTestId('error-notice');
    expect(notice.textContent).toContain('The check could not tell whether the invoice exists.');
    expect(notice.textContent).toContain('stays unknown');
    expect(screen.getByTestId('invoice-check')).toBeTruthy();
    expect(screen.getByTestId('invoice-unknown')).toBeTruthy();
  });

  it('409: this order ID already exists, on the field and with an offer to look the existing invoice up', async () => {
    const fake = showInvoices({
      'journal.page': () =>
        pageOf([
          entry({
            id: '2',
            fields: { orderId: 'ORD-DUP', amount: '25' },
            externalIds: { invoiceCode: 'DUPCODE' },
          }),
        ]),
      'invoices.create': () => ({
        ok: true,
        data: {
          journalId: '5',
          outcome: 'rejected',
          reason: 'duplicate',
          error: { kind: 'controller', message: 'Order already exists', httpStatus: 409 },
        },
      }),
      'invoices.get': () => ({ ok: true, data: lookupView({ code: 'DUPCODE', order_id: 'ORD-DUP' }) }),
    });
    await screen.findByTestId('invoice-list');
    const user = await submit('ORD-DUP');
    const duplicate = await screen.findByTestId('invoice-duplicate');
    expect(duplicate.textContent).toContain('An invoice with this order ID already exists.');
    expect(input('invoice-order-id').getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByTestId('invoice-duplicate-lookup'));
    expect((await screen.findByTestId('invoice-details')).textContent).toContain('Invoice DUPCODE');
    expect(fake.calls.filter((c) => c.channel === 'invoices.get').map((c) => c.request)).toEqual([
      { code: 'DUPCODE' },
    ]);
    // A new order ID is no longer the duplicate: the field error goes.
    await user.click(screen.getByRole('button', { name: 'New order ID' }));
    await waitFor(() => expect(input('invoice-order-id').getAttribute('aria-invalid')).toBeNull());
  });

  it('created: the code, the checkout address with a QR and a copy button, the amount with its unit, the expiry and any warnings', async () => {
    showInvoices({
      'invoices.create': () => ({
        ok: true,
        data: {
          journalId: '8',
          outcome: 'accepted',
          data: {
            code: 'NEW1',
            url: 'https://pay.example.com/c/NEW1',
            amount: '25.00',
            payer_amount: '26.10',
            expired_at: new Date(Date.now() + 3 * 3600_000 + 90_000).toISOString(),
          },
          warnings: ['no invoice id: match it by its code'],
        },
      }),
    });
    await submit('ORD-NEW');
    const card = await screen.findByTestId('invoice-result');
    expect(screen.getByTestId('invoice-result-code').textContent).toBe('NEW1');
    expect(screen.getByTestId('checkout-url').textContent).toBe('https://pay.example.com/c/NEW1');
    expect(card.querySelector('svg[role="img"]')?.getAttribute('aria-label')).toContain('checkout page');
    expect(card.textContent).toContain('25.00\u00a0USD');
    expect(card.textContent).toContain('26.10\u00a0USD');
    expect(card.textContent).toContain('expires in 3 h 1 min');
    expect(screen.getByTestId('invoice-result-warnings').textContent).toContain('no invoice id');
    expect(screen.getByRole('button', { name: /Copy.*checkout address/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open in browser' })).toBeTruthy();
  });
});
