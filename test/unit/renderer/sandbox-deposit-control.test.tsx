// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JournalEntry, SandboxStatus } from '@contract';
import { SandboxScreen } from '@renderer/features/sandbox/SandboxScreen';
import { knownWallets, useSandboxControls } from '@renderer/features/sandbox/sandbox-store';
import { useShellStore } from '@renderer/stores/shell-store';
import { ACME, SANDBOX, installDomMerchant } from './dom-merchant';
import type { FakeMerchant } from './fake-merchant';

const shellInitial = useShellStore.getState();
const storeInitial = useSandboxControls.getState();
const STATUS: SandboxStatus = {
  faults: [],
  duplicateWebhooks: false,
  clock: '2026-11-22T06:00:00.000Z',
  aheadMs: 0,
};
const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';

function wallet(partial: Partial<JournalEntry>, label: string | null = 'Front desk') {
  const entry: JournalEntry = {
    id: 'j1',
    operation: 'createWalletAddress',
    profileId: 'sandbox',
    environment: 'sandbox',
    state: 'accepted',
    createdAt: '2026-11-22T06:00:00.000Z',
    updatedAt: '2026-11-22T06:00:00.000Z',
    fields: { coin: 'usdt', network: 'tron' },
    externalIds: { walletId: 'w-1' },
    settlement: null,
    resolution: null,
    response: { address: ADDRESS },
    error: null,
    ...partial,
  };
  return { entry, label };
}

const MINE = wallet({});
const LIVE = wallet({ id: 'j2', profileId: 'p-live', externalIds: { walletId: 'w-live' } }, 'Live till');

let fake: FakeMerchant;
function install(wallets: ReturnType<typeof wallet>[]) {
  fake = installDomMerchant({
    'sandbox.status': () => ({ ok: true, data: STATUS }),
    'journal.list': () => ({ ok: true, data: { entries: [] } }),
    'wallets.list': () => ({ ok: true, data: { wallets } }),
    'sandbox.act': () => ({
      ok: true,
      data: {
        message: `Deposited 7.25 USDT · TRON (TRC-20) to the wallet at ${ADDRESS}: confirmed.`,
        status: STATUS,
      },
    }),
  });
}
const acts = () => fake.calls.filter((c) => c.channel === 'sandbox.act').map((c) => c.request);

beforeEach(() => {
  useSandboxControls.setState(storeInitial, true);
  useShellStore.setState({ ...shellInitial, profiles: [SANDBOX, ACME], activeId: 'sandbox' }, true);
});
afterEach(cleanup);

describe('Deposit to a wallet', () => {
  it('offers only the Sandbox profile’s wallets that were created, with their unit and address', () => {
    const rejected = wallet({ id: 'j3', state: 'rejected', externalIds: { walletId: 'w-3' } });
    const noId = wallet({ id: 'j4', externalIds: {} });
    expect(knownWallets([MINE, LIVE, rejected, noId])).toEqual([
      { walletId: 'w-1', label: 'Front desk', coin: 'usdt', network: 'tron', address: ADDRESS },
    ]);
  });

  it('deposits the typed amount to the picked wallet and says what it did', async () => {
    install([MINE, LIVE]);
    const user = userEvent.setup();
    render(<SandboxScreen />);
    const group = within(await screen.findByTestId('sandbox-group-deposits'));
    const select = group.getByLabelText('Wallet');
    await within(select).findByText(/^Front desk · USDT · /);
    expect([...select.querySelectorAll('option')].map((o) => o.value)).toEqual(['w-1']);
    expect(group.getByText('Deposit address')).toBeTruthy();
    await user.type(group.getByLabelText(/^Amount \(USDT · /), '7.25');
    await user.click(group.getByRole('button', { name: /^Deposit 7\.25 USDT · / }));
    expect((await screen.findByTestId('sandbox-result-deposits')).textContent).toContain('Deposited 7.25');
    expect(acts()).toEqual([{ action: 'deposit-to-wallet', walletId: 'w-1', amount: '7.25' }]);
  });

  it('with no wallet from this desk, says to create one first and sends nothing', async () => {
    install([LIVE]);
    const user = userEvent.setup();
    render(<SandboxScreen />);
    const group = within(await screen.findByTestId('sandbox-group-deposits'));
    expect(group.getByLabelText('Wallet').hasAttribute('disabled')).toBe(true);
    await user.type(group.getByLabelText('Amount'), '0');
    await user.click(group.getByRole('button', { name: /^Deposit/ }));
    expect(group.getByText('Create a wallet on the Wallets screen first, then pick it here.')).toBeTruthy();
    expect(group.getByText('Enter an amount above zero, such as 25.')).toBeTruthy();
    expect(acts()).toEqual([]);
  });
});
