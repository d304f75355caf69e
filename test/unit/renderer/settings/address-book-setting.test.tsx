// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AddressBookSetting } from '@renderer/features/settings/AddressBookSetting';
import { WithdrawalRulesSetting } from '@renderer/features/settings/WithdrawalRulesSetting';
import { useAddressBookStore } from '@renderer/stores/address-book-store';
import { useShellStore } from '@renderer/stores/shell-store';
import { installDomMerchant } from '../dom-merchant';

const initial = useAddressBookStore.getState();
beforeEach(() => {
  useAddressBookStore.setState(initial, true);
  useShellStore.setState({ activeId: 'live-1' });
});
afterEach(cleanup);

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const DECLINED = {
  ok: false,
  error: {
    kind: 'declined-in-main',
    message: 'You cancelled this in the confirmation window. Nothing was sent.',
  },
};
const rules = (extra = {}) => ({ ok: true, data: { bookOnly: false, limits: [], ...extra } });

describe('Settings: the address book (issue 26)', () => {
  it('asks main to add what was typed, then lists it with who added it', async () => {
    let entries: unknown[] = [];
    const fake = installDomMerchant({
      'addressBook.list': () => ({ ok: true, data: { profileId: 'live-1', entries } }),
      'withdrawalRules.get': () => rules(),
      'addressBook.add': (request) => {
        entries = [{ id: 1, ...(request as object), addedAt: '2026-11-26T08:00:00.000Z', addedBy: 'dana' }];
        return { ok: true, data: { profileId: 'live-1', entries } };
      },
    });
    render(<AddressBookSetting />);
    expect(await screen.findByTestId('address-book-empty')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByTestId('book-name'), 'Supplier Ltd');
    await user.type(screen.getByTestId('book-coin'), 'usdt');
    await user.type(screen.getByTestId('book-network'), 'tron');
    await user.type(screen.getByTestId('book-address'), ADDRESS);
    await user.click(screen.getByTestId('book-add'));
    expect((await screen.findByTestId('address-book-added')).textContent).toBe(
      'Supplier Ltd is in the address book.',
    );
    expect(fake.calls.find((c) => c.channel === 'addressBook.add')?.request).toEqual({
      name: 'Supplier Ltd',
      coin: 'usdt',
      network: 'tron',
      address: ADDRESS,
      note: '',
    });
    expect(screen.getByTestId('address-book-list').textContent).toContain('by dana');
  });

  it('says so when main declined, and keeps what was typed', async () => {
    installDomMerchant({
      'addressBook.list': () => ({ ok: true, data: { profileId: 'live-1', entries: [] } }),
      'withdrawalRules.get': () => rules(),
      'addressBook.add': () => DECLINED,
    });
    render(<AddressBookSetting />);
    const user = userEvent.setup();
    await user.type(screen.getByTestId('book-name'), 'Supplier Ltd');
    await user.click(screen.getByTestId('book-add'));
    await waitFor(() => expect(screen.getByText('The address book was not changed.')).toBeTruthy());
    expect((screen.getByTestId('book-name') as HTMLInputElement).value).toBe('Supplier Ltd');
  });
});

describe('Settings: withdrawal rules (issue 26)', () => {
  it('draws no "only book addresses" box until the rules are read, and says when they cannot be', async () => {
    installDomMerchant({
      'addressBook.list': () => ({ ok: true, data: { profileId: 'live-1', entries: [] } }),
      'withdrawalRules.get': () => ({ ok: false, error: { kind: 'internal', message: 'Disk full.' } }),
    });
    render(<WithdrawalRulesSetting />);
    expect(screen.getByRole('status').textContent).toContain('Reading the setting');
    expect(screen.queryByTestId('rules-book-only')).toBeNull();
    await screen.findByText('The withdrawal rules could not be read.');
    expect(screen.queryByTestId('rules-book-only')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('asks main to allow only book addresses, and sends an empty limit as none', async () => {
    const fake = installDomMerchant({
      'addressBook.list': () => ({ ok: true, data: { profileId: 'live-1', entries: [] } }),
      'withdrawalRules.get': () => rules(),
      'withdrawalRules.setBookOnly': () => rules({ bookOnly: true }),
      'withdrawalRules.setLimit': () =>
        rules({ limits: [{ coin: 'usdt', network: 'tron', perWithdrawal: null, daily: '500' }] }),
    });
    render(<WithdrawalRulesSetting />);
    const user = userEvent.setup();
    await waitFor(() =>
      expect((screen.getByTestId('rules-book-only') as HTMLInputElement).disabled).toBe(false),
    );
    await user.click(screen.getByTestId('rules-book-only'));
    await waitFor(() =>
      expect((screen.getByTestId('rules-book-only') as HTMLInputElement).checked).toBe(true),
    );
    await user.type(screen.getByTestId('limit-coin'), 'usdt');
    await user.type(screen.getByTestId('limit-network'), 'tron');
    await user.type(screen.getByTestId('limit-daily'), '500');
    await user.click(screen.getByTestId('limit-save'));
    expect((await screen.findByTestId('rules-limits')).textContent).toContain('500 per day');
    expect(fake.calls.find((c) => c.channel === 'withdrawalRules.setLimit')?.request).toEqual({
      coin: 'usdt',
      network: 'tron',
      perWithdrawal: null,
      daily: '500',
    });
  });
});
