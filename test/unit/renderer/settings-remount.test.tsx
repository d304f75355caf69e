// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useConnectionTestStore } from '@renderer/features/settings/connection-test-store';
import { SettingsScreen } from '@renderer/features/settings/SettingsScreen';
import { useSettingsStore } from '@renderer/features/settings/settings-store';
import { useShellStore } from '@renderer/stores/shell-store';
import { ACME, SANDBOX, installDomMerchant } from './dom-merchant';

const shellInitial = useShellStore.getState();
const settingsInitial = useSettingsStore.getState();
const testsInitial = useConnectionTestStore.getState();
const NEW = { ...ACME, id: 'p-new', name: 'Shop' };

beforeEach(() => {
  useSettingsStore.setState(settingsInitial, true);
  useConnectionTestStore.setState(testsInitial, true);
  useShellStore.setState({ ...shellInitial, profiles: [SANDBOX], activeId: 'sandbox' }, true);
  installDomMerchant({
    'secrets.status': (request) => ({
      ok: true,
      data: { profileId: (request as { profileId: string }).profileId, stored: true, fingerprint: '…cdef' },
    }),
    'profiles.testConnection': () => ({
      ok: true,
      data: {
        ok: false,
        outcome: 'unreachable',
        message: 'The service could not be reached.',
        checkedAt: '2026-11-26T03:00:00.000Z',
      },
    }),
    'profiles.create': () => ({ ok: true, data: NEW }),
    'secrets.set': () => ({ ok: true, data: { profileId: 'p-new', stored: true, fingerprint: '…cdef' } }),
    'profiles.list': () => ({ ok: true, data: { profiles: [SANDBOX, NEW], activeId: 'sandbox' } }),
  });
});
afterEach(cleanup);

async function fillAndSubmit() {
  const user = userEvent.setup();
  const form = screen.getByTestId('add-profile-form');
  await user.type(within(form).getByLabelText('Profile name'), 'Shop');
  await user.type(within(form).getByLabelText('Service address'), 'https://api.example.com');
  await user.type(within(form).getByLabelText('Merchant ID'), 'acme-42');
  await user.type(within(form).getByLabelText('API key'), 'sk_live_0123456789abcdef');
  await user.click(within(form).getByTestId('add-profile-submit'));
  return user;
}

describe('Settings keeps what it said about a new profile across a screen change', () => {
  it('a profile saved without a confirmed connection still says so after leaving and coming back', async () => {
    const first = render(<SettingsScreen />);
    const user = await fillAndSubmit();
    await user.click(await screen.findByTestId('add-profile-save-anyway'));
    const said = await screen.findByTestId('profile-created');
    expect(said.textContent).toMatch(/not confirmed/);
    first.unmount();

    render(<SettingsScreen />);
    const again = screen.getByTestId('profile-created');
    expect(again.textContent).toMatch(/not confirmed/);
    expect(again.textContent).not.toMatch(/accepted it/);
    expect(again.className).toMatch(/notice--warn/);
  });

  it('a failed test still offers "save anyway" after leaving and coming back', async () => {
    const first = render(<SettingsScreen />);
    await fillAndSubmit();
    await screen.findByTestId('not-saved');
    first.unmount();

    render(<SettingsScreen />);
    expect(screen.getByTestId('not-saved')).toBeTruthy();
    expect(screen.getByTestId('add-profile-save-anyway')).toBeTruthy();
  });
});
