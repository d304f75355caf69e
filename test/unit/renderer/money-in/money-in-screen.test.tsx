// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MoneyInItem } from '@contract';
import { MoneyInScreen } from '@renderer/features/money-in/MoneyInScreen';
import { useMoneyInStore } from '@renderer/features/money-in/money-in-store';
import { useShellStore } from '@renderer/stores/shell-store';
import { ACME, SANDBOX, installDomMerchant } from '../dom-merchant';

const shellInitial = useShellStore.getState();
const storeInitial = useMoneyInStore.getState();

const TX = '9f2c4b7a1d3e5f60718293a4b5c6d7e8f90123456789abcdef0123456789abcd';
const deposit: MoneyInItem = {
  key: `wallet:w-7:${TX}`,
  kind: 'wallet-deposit',
  coin: 'usdt',
  network: 'tron',
  amount: '250',
  at: '2026-11-26T00:40:00.000Z',
  txHash: TX,
  walletId: 'w-7',
  invoiceId: null,
  entryId: '12',
  paid: null,
  fee: null,
  feeSource: null,
  txHashes: [TX],
  explorer: 'sandbox',
};
const payment: MoneyInItem = {
  key: 'invoice:inv-3:invoice.paid',
  kind: 'invoice-payment',
  coin: 'btc',
  network: 'bitcoin',
  amount: '0.0125',
  at: '2026-11-26T01:00:00.000Z',
  txHash: null,
  walletId: null,
  invoiceId: 'inv-3',
  entryId: null,
  paid: null,
  fee: null,
  feeSource: null,
  txHashes: [],
  explorer: 'no-hash',
};

function show(answer: (request: unknown) => unknown) {
  const fake = installDomMerchant({ 'moneyIn.list': answer });
  useShellStore.setState({ ...shellInitial, profiles: [SANDBOX, ACME], activeId: SANDBOX.id }, true);
  render(<MoneyInScreen />);
  return fake;
}

beforeEach(() => useMoneyInStore.setState(storeInitial, true));
afterEach(cleanup);

describe('Money in screen', () => {
  it('lists payments and deposits with amount, coin, network and the whole tx hash to copy', async () => {
    show(() => ({ ok: true, data: { items: [payment, deposit], total: 2 } }));
    const rows = await screen.findAllByTestId('money-in-row');
    expect(rows.map((r) => r.dataset.kind)).toEqual(['invoice-payment', 'wallet-deposit']);
    expect(rows[1]!.textContent).toContain('Wallet deposit');
    expect(within(rows[1]!).getByTestId('amount').textContent).toBe('250\u00a0USDT · tron');
    expect(within(rows[1]!).getByTestId('money-in-tx-text').getAttribute('title')).toBe(TX);
    expect(rows[1]!.textContent).toContain('Wallet w-7');
    expect(rows[0]!.textContent).toContain('Invoice inv-3');
    expect(rows[0]!.textContent).toContain('Not in the webhook');
    expect(screen.getByTestId('money-in-screen').dataset.state).toBe('ready');
    expect(screen.getByTestId('money-in-count').textContent).toBe('2 credits.');
  });

  it('says when the list was cut and how many matched', async () => {
    show(() => ({ ok: true, data: { items: [deposit], total: 734 } }));
    await screen.findAllByTestId('money-in-row');
    expect(screen.getByTestId('money-in-count').textContent).toBe(
      'Showing the newest 1 of 734 credits; narrow the filters to see older ones.',
    );
  });

  it('asks main again with the kind and pair chosen', async () => {
    const fake = show(() => ({ ok: true, data: { items: [payment, deposit], total: 2 } }));
    await screen.findAllByTestId('money-in-row');
    await userEvent.selectOptions(screen.getByTestId('money-in-filter-kind'), 'wallet-deposit');
    await userEvent.selectOptions(screen.getByTestId('money-in-filter-pair'), 'usdt:tron');
    await waitFor(() =>
      expect(fake.calls.at(-1)).toEqual({
        channel: 'moneyIn.list',
        request: { limit: 200, kind: 'wallet-deposit', coin: 'usdt', network: 'tron' },
      }),
    );
  });

  it('says there is no money in yet, and shows an error when the read fails', async () => {
    show(() => ({ ok: true, data: { items: [], total: 0 } }));
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No money in yet.');
    cleanup();
    useMoneyInStore.setState(storeInitial, true);
    show(() => ({ ok: false, error: { kind: 'internal', message: 'the journal is locked' } }));
    await waitFor(() => expect(screen.getByTestId('money-in-screen').dataset.state).toBe('error'));
  });
});
