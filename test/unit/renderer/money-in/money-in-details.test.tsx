// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MoneyInItem } from '@contract';
import { MoneyInScreen } from '@renderer/features/money-in/MoneyInScreen';
import { useMoneyInStore } from '@renderer/features/money-in/money-in-store';
import { useShellStore } from '@renderer/stores/shell-store';
import { ACME, installDomMerchant } from '../dom-merchant';

const shellInitial = useShellStore.getState();
const storeInitial = useMoneyInStore.getState();
const TX = 'a1'.repeat(32);

const payment: MoneyInItem = {
  key: 'invoice:inv-3:invoice.paid',
  kind: 'invoice-payment',
  coin: 'usdt',
  network: 'tron',
  amount: '24.6',
  at: '2026-11-26T01:00:00.000Z',
  txHash: TX,
  walletId: null,
  invoiceId: 'inv-3',
  entryId: '4',
  paid: '25',
  fee: '0.4',
  feeSource: 'paid − credited',
  txHashes: [TX],
  explorer: 'link',
};

function show(items: MoneyInItem[], explorer: (request: unknown) => unknown = () => ({})) {
  const fake = installDomMerchant({
    'moneyIn.list': () => ({ ok: true, data: { items, total: items.length } }),
    'explorer.open': explorer,
  });
  useShellStore.setState({ ...shellInitial, profiles: [ACME], activeId: ACME.id }, true);
  render(<MoneyInScreen />);
  return fake;
}

beforeEach(() => useMoneyInStore.setState(storeInitial, true));
afterEach(cleanup);

describe('Money in: fee, net and the transaction', () => {
  it('shows the net credited, the fee of what was paid, and where the fee was read from', async () => {
    show([payment]);
    const row = await screen.findByTestId('money-in-row');
    expect(within(row).getAllByTestId('amount')[0]!.textContent).toBe('24.6\u00a0USDT · tron');
    const fee = within(row).getByTestId('money-in-fee');
    expect(fee.textContent).toBe('0.4\u00a0USDTof 25 paid');
    expect(fee.getAttribute('title')).toBe('paid − credited');
  });

  it('asks main to open "the explorer for this credit", never a URL, and says where it opened', async () => {
    const fake = show([payment], () => ({
      ok: true,
      data: { opened: true, host: 'tronscan.org', reason: null },
    }));
    await userEvent.click(await screen.findByTestId('money-in-tx-explorer'));
    expect(fake.calls.at(-1)).toEqual({
      channel: 'explorer.open',
      request: { of: 'money-in', key: payment.key, index: 0 },
    });
    expect((await screen.findByTestId('money-in-tx-answer')).textContent).toBe(
      'Opened on tronscan.org in your browser.',
    );
  });

  it('a hash main cannot link (a Sandbox, an unknown network) is shown to copy, with no explorer button', async () => {
    show([
      { ...payment, key: 'a', explorer: 'sandbox' },
      {
        ...payment,
        key: 'b',
        explorer: 'unknown-network',
        txHash: 'f0'.repeat(32),
        txHashes: ['f0'.repeat(32)],
      },
    ]);
    const rows = await screen.findAllByTestId('money-in-row');
    expect(screen.queryByTestId('money-in-tx-explorer')).toBeNull();
    expect(rows[0]!.textContent).toContain('Sandbox: on no chain');
    expect(rows[1]!.textContent).toContain('No explorer known for this network');
    expect(within(rows[1]!).getByRole('button', { name: /Copy transaction hash/ })).toBeTruthy();
  });
});
