// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useInvoicesStore } from '@renderer/features/invoices/invoices-store';
import { created, resetStores, showInvoices } from './harness';

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const select = (testId: string) => screen.getByTestId(testId) as HTMLSelectElement;

beforeEach(resetStores);
afterEach(cleanup);

/** One invoice with a fixed coin, card payments and the customer paying the fee. */
async function fillWithOptions(user: ReturnType<typeof userEvent.setup>) {
  await user.type(input('invoice-amount'), '25.00');
  await user.selectOptions(select('invoice-pair'), 'usdt:tron');
  await user.click(input('invoice-card'));
  await user.click(input('invoice-customer-fee'));
}

describe('invoice options do not carry over silently (issue 25)', () => {
  it('a created invoice resets the next one’s options, after sending them as chosen', async () => {
    const fake = showInvoices({ 'invoices.create': () => created() });
    const user = userEvent.setup();
    await fillWithOptions(user);
    await user.click(screen.getByTestId('invoice-create'));
    await waitFor(() => expect(fake.calls.some((c) => c.channel === 'invoices.create')).toBe(true));
    expect(fake.calls.find((c) => c.channel === 'invoices.create')?.request).toMatchObject({
      coin: 'usdt',
      network: 'tron',
      allow_card_payments: true,
      is_customer_fee: true,
    });
    await waitFor(() => expect(input('invoice-card').checked).toBe(false));
    expect(select('invoice-pair').value).toBe('');
    expect(input('invoice-customer-fee').checked).toBe(false);
    expect(input('invoice-amount').value).toBe('');
  });

  it('a refused invoice keeps its options to correct and send again', async () => {
    showInvoices({
      'invoices.create': () => ({
        ok: false,
        error: { kind: 'rejected', message: 'The service refused it.' },
      }),
    });
    const user = userEvent.setup();
    await fillWithOptions(user);
    await user.click(screen.getByTestId('invoice-create'));
    await waitFor(() => expect(useInvoicesStore.getState().creating).toBe(false));
    await waitFor(() => expect(useInvoicesStore.getState().outcome).not.toBeNull());
    expect(input('invoice-card').checked).toBe(true);
    expect(select('invoice-pair').value).toBe('usdt:tron');
  });

  it('another profile starts with the default options, not the last profile’s', async () => {
    showInvoices({});
    const user = userEvent.setup();
    await fillWithOptions(user);
    expect(useInvoicesStore.getState().draft.cardPayments).toBe(true);
    await useInvoicesStore.getState().load('p-live');
    const draft = useInvoicesStore.getState().draft;
    expect(draft).toMatchObject({ pairKey: '', cardPayments: false, customerFee: false, amount: '' });
  });
});
