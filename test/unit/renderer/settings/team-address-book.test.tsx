// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TeamBookEntry, TeamBookView } from '@contract';
import { AddressBookSetting } from '@renderer/features/settings/AddressBookSetting';
import { useTeamStore } from '@renderer/stores/team-store';
import { installDomMerchant } from '../dom-merchant';
import { JOINED } from '../team-fixtures';

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const entry = (extra: Partial<TeamBookEntry> = {}): TeamBookEntry => ({
  id: 5,
  label: 'Supplier',
  coin: 'usdt',
  network: 'tron',
  address: ADDRESS,
  addedBy: 'anna',
  addedAt: '2026-11-26T09:00:00.000Z',
  approvedBy: null,
  approvedAt: null,
  ...extra,
});
const book = (entries: TeamBookEntry[], extra: Partial<TeamBookView> = {}) => ({
  ok: true,
  data: { entries, person: 'bob', canPropose: true, canApprove: true, canRemove: true, ...extra },
});

afterEach(cleanup);
beforeEach(() => useTeamStore.setState({ status: JOINED }));

describe('the team’s address book (issue 28 item 5)', () => {
  it('on a team shows the team’s entries with who proposed and who approved them, and Approve only for someone else’s', async () => {
    installDomMerchant({
      'teamBook.list': () =>
        book([
          entry(),
          entry({ id: 6, label: 'Mine', addedBy: 'bob' }),
          entry({ id: 7, label: 'Payroll', approvedBy: 'carl', approvedAt: '2026-11-26T10:00:00.000Z' }),
        ]),
    });
    render(<AddressBookSetting />);
    const first = await screen.findByTestId('team-book-5');
    expect(within(first).getByTestId('team-book-who').textContent).toMatch(
      /^Proposed by anna .+ · waiting for an approver other than anna$/,
    );
    expect(within(first).getByTestId('team-book-approve-5')).toBeTruthy();
    const mine = screen.getByTestId('team-book-6');
    expect(within(mine).queryByTestId('team-book-approve-6')).toBeNull();
    expect(within(mine).getByTestId('team-book-own').textContent).toBe(
      'You proposed it: another approver must approve it.',
    );
    expect(within(screen.getByTestId('team-book-7')).getByTestId('team-book-who').textContent).toContain(
      'approved by carl',
    );
    expect(screen.queryByTestId('address-book')).toBeNull();
  });

  it('reads the team’s book only once the desk is online', async () => {
    const fake = installDomMerchant({ 'teamBook.list': () => book([entry()]) });
    useTeamStore.setState({ status: { ...JOINED, connection: 'connecting' } });
    render(<AddressBookSetting />);
    expect(screen.getByTestId('team-book-offline')).toBeTruthy();
    expect(fake.calls.filter((c) => c.channel === 'teamBook.list')).toHaveLength(0);
    act(() => useTeamStore.setState({ status: JOINED }));
    expect(await screen.findByTestId('team-book-5')).toBeTruthy();
  });

  it('shows a viewer no control at all; an operator only the proposal form', async () => {
    installDomMerchant({
      'teamBook.list': () => book([entry()], { canPropose: false, canApprove: false, canRemove: false }),
    });
    const { unmount } = render(<AddressBookSetting />);
    await screen.findByTestId('team-book-5');
    // The copy button of the address is all there is to press.
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Copy supplier address']);
    unmount();
    installDomMerchant({ 'teamBook.list': () => book([entry()], { canApprove: false, canRemove: false }) });
    render(<AddressBookSetting />);
    await screen.findByTestId('team-book-5');
    expect(screen.queryByTestId('team-book-approve-5')).toBeNull();
    expect(screen.queryByTestId('team-book-remove-5')).toBeNull();
    expect(screen.getByTestId('team-book-propose')).toBeTruthy();
  });

  it('proposes what was typed, approves, and removes only with a reason; main’s refusal is shown in words', async () => {
    const fake = installDomMerchant({
      'teamBook.list': () => book([entry()]),
      'teamBook.propose': () => book([entry(), entry({ id: 8, label: 'New one', addedBy: 'bob' })]),
      'teamBook.approve': () => ({
        ok: false,
        error: {
          kind: 'auth',
          message: 'You added this address; another approver must approve it.',
          details: { refusedBy: 'team' },
        },
      }),
      'teamBook.remove': () => book([]),
    });
    const user = userEvent.setup();
    render(<AddressBookSetting />);
    await screen.findByTestId('team-book-5');
    await user.type(screen.getByTestId('team-book-label'), 'New one');
    await user.type(screen.getByTestId('team-book-coin'), 'USDT');
    await user.type(screen.getByTestId('team-book-network'), 'TRON');
    await user.type(screen.getByTestId('team-book-address'), ADDRESS);
    await user.click(screen.getByTestId('team-book-propose'));
    expect(fake.calls.find((c) => c.channel === 'teamBook.propose')?.request).toEqual({
      label: 'New one',
      coin: 'USDT',
      network: 'TRON',
      address: ADDRESS,
    });
    expect((await screen.findByTestId('team-book-done')).textContent).toContain('“New one” is proposed');

    await user.click(screen.getByTestId('team-book-approve-5'));
    const alert = await screen.findByRole('alert');
    // The team's words in the headline, never the payment service's "API key" sentence.
    expect(alert.querySelector('.notice__title + p')?.textContent).toBe(
      'You added this address; another approver must approve it.',
    );
    expect(alert.textContent).not.toContain('API key');

    await user.click(screen.getByTestId('team-book-remove-5'));
    const confirm = screen.getByTestId('team-book-remove-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.type(screen.getByTestId('team-book-reason'), 'Closed account');
    await user.click(confirm);
    expect(fake.calls.find((c) => c.channel === 'teamBook.remove')?.request).toEqual({
      id: 5,
      reason: 'Closed account',
    });
    expect(await screen.findByTestId('team-book-empty')).toBeTruthy();
  });
});
