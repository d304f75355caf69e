// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MoneyInItem } from '@contract';
import { WalletsScreen } from '@renderer/features/wallets/WalletsScreen';
import { useWalletsStore } from '@renderer/features/wallets/wallets-store';
import { useShellStore } from '@renderer/stores/shell-store';
import { entry } from './journal/journal-fixtures';
import { SANDBOX, installDomMerchant } from './dom-merchant';

const shellInitial = useShellStore.getState();
const walletsInitial = useWalletsStore.getState();
const TX = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9';

const wallet = (id: string, walletId: string) => ({
  entry: entry({
    id,
    operation: 'createWalletAddress',
    fields: { coin: 'usdt', network: 'tron' },
    externalIds: { walletId },
    response: { address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL' },
  }),
  label: `Till ${id}`,
});

const deposit = (walletId: string, amount: string, at: string, tx = TX): MoneyInItem => ({
  key: `wallet:${walletId}:${tx}${at}`,
  kind: 'wallet-deposit',
  coin: 'usdt',
  network: 'tron',
  amount,
  at,
  txHash: tx,
  walletId,
  invoiceId: null,
  entryId: null,
  paid: null,
  fee: null,
  feeSource: null,
  txHashes: [tx],
  explorer: 'sandbox',
});

function show(deposits: MoneyInItem[]) {
  const fake = installDomMerchant({
    'wallets.list': () => ({ ok: true, data: { wallets: [wallet('1', 'w-1'), wallet('2', 'w-2')] } }),
    'moneyIn.list': () => ({ ok: true, data: { items: deposits, total: deposits.length } }),
  });
  useShellStore.setState({ ...shellInitial, profiles: [SANDBOX], activeId: SANDBOX.id }, true);
  render(<WalletsScreen />);
  return fake;
}

beforeEach(() => useWalletsStore.setState(walletsInitial, true));
afterEach(cleanup);

describe('a wallet card shows the deposits it received', () => {
  it('counts and sums each wallet’s own deposits exactly, newest first, with the tx hash', async () => {
    const fake = show([
      deposit('w-1', '250', '2026-11-26T00:40:00.000Z'),
      deposit('w-1', '0.1', '2026-11-25T10:00:00.000Z', 'ffee'),
      deposit('w-9', '999', '2026-11-25T09:00:00.000Z'),
    ]);
    await waitFor(() => expect(screen.getAllByTestId('wallet-deposits')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('wallet-deposits');
    expect(first!.textContent).toContain('2 deposits, 250.1\u00a0USDT in all');
    const rows = screen.getAllByTestId('wallet-deposit');
    expect(rows[0]!.textContent).toContain('250\u00a0USDT');
    expect(rows[0]!.querySelector('code')!.getAttribute('title')).toBe(TX);
    expect(second!.textContent).toBe('No deposit seen yet.');
    expect(fake.calls.find((c) => c.channel === 'moneyIn.list')!.request).toEqual({
      kind: 'wallet-deposit',
      limit: 1000,
    });
  });

  it('reads the deposits again when a verified wallet webhook arrives', async () => {
    const fake = show([]);
    await waitFor(() => expect(screen.getAllByTestId('wallet-deposits')).toHaveLength(2));
    const before = fake.calls.filter((c) => c.channel === 'moneyIn.list').length;
    fake.emit('webhook:received', {
      id: 'd1',
      profileId: SANDBOX.id,
      receivedAt: '2026-11-26T00:40:00.000Z',
      source: 'receiver',
      verified: true,
      duplicate: false,
      event: 'wallet.transaction',
      appliedTo: null,
      note: null,
    });
    await waitFor(() =>
      expect(fake.calls.filter((c) => c.channel === 'moneyIn.list').length).toBe(before + 1),
    );
  });
});
