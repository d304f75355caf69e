// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CreateInvoiceInput } from '@shared/domain/operations';
import { created, resetStores, showInvoices } from './harness';
import { lookupView } from './lookup-view';

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const button = () => screen.getByTestId('invoice-create');
const sent = (fake: ReturnType<typeof showInvoices>) =>
  fake.calls.filter((c) => c.channel === 'invoices.create');

beforeEach(resetStores);
afterEach(cleanup);

async function submitAmount(amount: string) {
  const fake = showInvoices({ 'invoices.create': () => created() });
  const user = userEvent.setup();
  await user.type(input('invoice-amount'), amount);
  const label = button().textContent;
  await user.click(button());
  return { fake, user, label, summary: await screen.findByTestId('invoice-error-summary') };
}

describe('invoice amount: what a person types, answered in their words (issue 25)', () => {
  it('refuses a third decimal in USD, in the form and at main’s boundary', async () => {
    const { fake, summary } = await submitAmount('25.001');
    expect(summary.textContent).toContain('Amount: Must have at most 2 decimals (cents), e.g. 25.00');
    expect(sent(fake)).toHaveLength(0);
    expect(CreateInvoiceInput.safeParse({ order_id: 'ORD-1', amount: '25.001' }).success).toBe(false);
    expect(CreateInvoiceInput.safeParse({ order_id: 'ORD-1', amount: '25.10' }).success).toBe(true);
  });

  it('says to use a dot for a decimal comma, with the amount written the right way', async () => {
    const { summary } = await submitAmount('12,50');
    expect(summary.textContent).toContain('Use a dot for decimals: 12.50');
    expect(summary.textContent).not.toMatch(/decimal string/);
  });

  it('names no amount on the button until the amount is valid', async () => {
    const { label, summary } = await submitAmount('-5');
    expect(label).toBe('Create invoice');
    expect(summary.textContent).toContain('Amount: Enter a positive amount in US dollars, e.g. 25.00');
    expect(button().textContent).toBe('Create invoice');
  });

  it('answers a 100 000-digit paste at once, with a clear message and no digits on the button', async () => {
    const fake = showInvoices({ 'invoices.create': () => created() });
    const user = userEvent.setup();
    await user.click(input('invoice-amount'));
    await user.paste('9'.repeat(100_000));
    expect(button().textContent).toBe('Create invoice');
    await user.click(button());
    const summary = await screen.findByTestId('invoice-error-summary');
    expect(summary.textContent).toContain('Amount: That is too long for an amount');
    expect(summary.textContent!.length).toBeLessThan(500);
    expect(sent(fake)).toHaveLength(0);
  }, 10_000);
});

describe('a previous success does not stay beside a new error (issue 25)', () => {
  it('the created-invoice panel goes when the next attempt is refused by the form', async () => {
    showInvoices({ 'invoices.create': () => created() });
    const user = userEvent.setup();
    await user.type(input('invoice-amount'), '25');
    await user.click(button());
    await screen.findByTestId('invoice-result');
    await user.type(input('invoice-amount'), '2');
    await user.click(button());
    await screen.findByTestId('invoice-error-summary');
    expect(screen.queryByTestId('invoice-result')).toBeNull();
  });

  it('the looked-up invoice goes when the next lookup has no code', async () => {
    showInvoices({ 'invoices.get': () => ({ ok: true, data: lookupView() }) });
    const user = userEvent.setup();
    await user.type(input('invoice-lookup-code'), 'CODE1');
    await user.click(screen.getByTestId('invoice-lookup-submit'));
    await screen.findByTestId('invoice-status');
    await user.clear(input('invoice-lookup-code'));
    await user.click(screen.getByTestId('invoice-lookup-submit'));
    expect(screen.getByText(/Enter the invoice code/)).toBeTruthy();
    expect(screen.queryByTestId('invoice-status')).toBeNull();
  });
});

describe('a mistyped invoice code (issue 25)', () => {
  it('is trimmed and uppercased before it is looked up, and "not found" is said as such', async () => {
    const fake = showInvoices({
      'invoices.get': () => ({
        ok: false,
        error: { kind: 'not-found', httpStatus: 404, message: 'Not found for getInvoice (HTTP 404).' },
      }),
    });
    const user = userEvent.setup();
    await user.type(input('invoice-lookup-code'), '  abc12 ');
    await user.click(screen.getByTestId('invoice-lookup-submit'));
    await waitFor(() => expect(fake.calls.some((c) => c.channel === 'invoices.get')).toBe(true));
    expect(fake.calls.find((c) => c.channel === 'invoices.get')!.request).toEqual({ code: 'ABC12' });
    const notice = await screen.findByTestId('invoice-lookup-not-found');
    expect(notice.textContent).toContain('No invoice with this code: ABC12');
    expect(screen.getByTestId('invoice-lookup').textContent).not.toMatch(/refused/i);
  });
});
