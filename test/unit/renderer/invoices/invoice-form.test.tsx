// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACME } from '../dom-merchant';
import { created, resetStores, showInvoices } from './harness';

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const sent = (fake: ReturnType<typeof showInvoices>) =>
  fake.calls.filter((c) => c.channel === 'invoices.create');

beforeEach(resetStores);
afterEach(cleanup);

describe('invoice form: checked before sending', () => {
  it('refuses less than 3 USD with the shared rule, on the field and in a focused summary; nothing is sent', async () => {
    const fake = showInvoices({ 'invoices.create': () => created() });
    const user = userEvent.setup();
    await user.type(input('invoice-amount'), '2.99');
    await user.click(screen.getByTestId('invoice-create'));
    const summary = await screen.findByTestId('invoice-error-summary');
    expect(summary.textContent).toContain('Amount: Must be at least 3 USD');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(input('invoice-amount').getAttribute('aria-invalid')).toBe('true');
    expect(sent(fake)).toHaveLength(0);
    // Fixing the field clears its error as it is typed.
    await user.clear(input('invoice-amount'));
    await user.type(input('invoice-amount'), '3');
    expect(screen.queryByTestId('invoice-error-summary')).toBeNull();
    expect(input('invoice-amount').getAttribute('aria-invalid')).toBeNull();
  });

  it('after a failed then a successful send, the emptied form for the next invoice shows no errors', async () => {
    showInvoices({ 'invoices.create': () => created() });
    const user = userEvent.setup();
    await user.type(input('invoice-amount'), '2');
    await user.click(screen.getByTestId('invoice-create'));
    await screen.findByTestId('invoice-error-summary');
    await user.type(input('invoice-amount'), '5');
    await user.click(screen.getByTestId('invoice-create'));
    await screen.findByTestId('invoice-result');
    expect(input('invoice-amount').value).toBe('');
    expect(screen.queryByTestId('invoice-error-summary')).toBeNull();
    expect(input('invoice-amount').getAttribute('aria-invalid')).toBeNull();
  });

  it('shows a generated order ID before sending, and sends the one the person typed instead', async () => {
    const fake = showInvoices({ 'invoices.create': () => created() });
    const user = userEvent.setup();
    expect(input('invoice-order-id').value).toMatch(/^ORD-\d{8}-\d{4}-[0-9A-F]{4}$/);
    await user.clear(input('invoice-order-id'));
    await user.type(input('invoice-order-id'), 'SHOP-1042');
    await user.type(input('invoice-amount'), '25.00');
    await user.selectOptions(screen.getByTestId('invoice-pair'), 'usdt:tron');
    await user.click(screen.getByRole('checkbox', { name: 'BTC' }));
    await user.click(screen.getByTestId('invoice-create'));
    await screen.findByTestId('invoice-result');
    expect(sent(fake)[0]?.request).toEqual({
      order_id: 'SHOP-1042',
      amount: '25.00',
      is_customer_fee: false,
      is_customer_network_fee: false,
      allow_card_payments: false,
      allowed_coins: ['btc'],
      coin: 'usdt',
      network: 'tron',
    });
  });

  it('refuses a plain-http or malformed redirect address; an https one is sent', async () => {
    const fake = showInvoices({ 'invoices.create': () => created() });
    const user = userEvent.setup();
    await user.type(input('invoice-amount'), '10');
    await user.type(input('invoice-success-url'), 'http://shop.example/ok');
    await user.type(input('invoice-cancel-url'), 'not a url');
    await user.click(screen.getByTestId('invoice-create'));
    expect(input('invoice-success-url').getAttribute('aria-invalid')).toBe('true');
    expect(input('invoice-cancel-url').getAttribute('aria-invalid')).toBe('true');
    expect((await screen.findByTestId('invoice-error-summary')).textContent).toMatch(
      /After payment.*https:\/\//,
    );
    expect(sent(fake)).toHaveLength(0);
    await user.clear(input('invoice-success-url'));
    await user.type(input('invoice-success-url'), 'https://shop.example/ok');
    await user.clear(input('invoice-cancel-url'));
    await user.click(screen.getByTestId('invoice-create'));
    await screen.findByTestId('invoice-result');
    expect(sent(fake)[0]?.request).toMatchObject({ success_url: 'https://shop.example/ok' });
    expect(sent(fake)[0]?.request).not.toHaveProperty('cancel_url');
  });

  it('names the amount on the button and the live environment beside it', async () => {
    showInvoices({}, ACME);
    const user = userEvent.setup();
    await user.type(input('invoice-amount'), '1250.5');
    expect(screen.getByTestId('invoice-create').textContent).toBe('Create invoice for 1,250.5 USD');
    const actions = screen.getByTestId('invoice-create').parentElement!;
    expect(actions.textContent).toContain('LIVE · Acme');
    expect(actions.textContent).not.toMatch(/sandbox/i);
  });
});

describe('invoice form: what the service answers', () => {
  it('puts each 422 message on its field, lists unknown ones, and keeps everything typed', async () => {
    showInvoices({
      'invoices.create': () => ({
        ok: true,
        data: {
          journalId: '3',
          outcome: 'rejected',
          error: {
            kind: 'validation',
            message: 'The given data was invalid.',
            httpStatus: 422,
            fieldErrors: {
              amount: ['The amount must be at least 5.'],
              'allowed_coins.0': ['The selected coin is invalid.'],
              merchant_reference: ['Too long.'],
            },
          },
        },
      }),
    });
    const user = userEvent.setup();
    await user.clear(input('invoice-order-id'));
    await user.type(input('invoice-order-id'), 'KEEP-ME');
    await user.type(input('invoice-amount'), '4');
    await user.click(screen.getByRole('checkbox', { name: 'USDT' }));
    await user.type(input('invoice-success-url'), 'https://shop.example/thanks');
    await user.click(screen.getByTestId('invoice-create'));
    const amountError = await screen.findByText('The amount must be at least 5.', {
      selector: '.field__error',
    });
    expect(amountError.id).toBe(input('invoice-amount').getAttribute('aria-describedby')?.split(' ').pop());
    expect(screen.getByTestId('invoice-allowed-coins').textContent).toContain(
      'The selected coin is invalid.',
    );
    const summary = screen.getByTestId('invoice-error-summary');
    expect(summary.textContent).toContain('merchant_reference: Too long.');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(screen.getByTestId('error-notice').textContent).toContain(
      'no invoice exists. What you typed is kept.',
    );
    expect(input('invoice-order-id').value).toBe('KEEP-ME');
    expect(input('invoice-amount').value).toBe('4');
    expect(input('invoice-success-url').value).toBe('https://shop.example/thanks');
    expect((screen.getByRole('checkbox', { name: 'USDT' }) as HTMLInputElement).checked).toBe(true);
  });

  it('keeps what was typed when main cannot be reached at all', async () => {
    showInvoices({ 'invoices.create': () => ({ ok: false, error: { kind: 'internal', message: 'boom' } }) });
    const user = userEvent.setup();
    await user.type(input('invoice-amount'), '30');
    await user.click(screen.getByTestId('invoice-create'));
    expect((await screen.findByTestId('error-notice')).textContent).toContain('Nothing was sent.');
    expect(input('invoice-amount').value).toBe('30');
  });

  it('sends once on a double click while the first request is on its way', async () => {
    let answer: (value: unknown) => void = () => {};
    const fake = showInvoices({ 'invoices.create': () => new Promise((resolve) => (answer = resolve)) });
    const user = userEvent.setup();
    await user.type(input('invoice-amount'), '25');
    await user.dblClick(screen.getByTestId('invoice-create'));
    await user.click(screen.getByTestId('invoice-create'));
    expect(screen.getByTestId('invoice-create').textContent).toBe('Creating invoice…');
    answer(created('ONCE1'));
    expect(await screen.findByTestId('invoice-result-code')).toHaveProperty('textContent', 'ONCE1');
    expect(sent(fake)).toHaveLength(1);
    // A created invoice clears the amount and takes a fresh order ID for the next one.
    expect(input('invoice-amount').value).toBe('');
  });
});
