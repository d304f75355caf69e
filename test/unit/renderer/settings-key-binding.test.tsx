// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsScreen } from '@renderer/features/settings/SettingsScreen';
import { useSettingsStore } from '@renderer/features/settings/settings-store';
import { useShellStore } from '@renderer/stores/shell-store';
import { ACME, SANDBOX, installDomMerchant } from './dom-merchant';
import type { FakeMerchant } from './fake-merchant';

const shellInitial = useShellStore.getState();
const settingsInitial = useSettingsStore.getState();
const KEY = 'sk_live_confirmed_0123456789';
let fake: FakeMerchant;

function liveCard() {
  useShellStore.setState({ ...shellInitial, profiles: [SANDBOX, ACME], activeId: 'sandbox' }, true);
  render(<SettingsScreen />);
  return screen.getAllByTestId('profile-card').find((c) => c.dataset.profileId === 'p-live')!;
}

function install(status: { stored: boolean; needsReentry?: boolean }) {
  fake = installDomMerchant({
    'secrets.status': (request) => ({
      ok: true,
      data: {
        profileId: (request as { profileId: string }).profileId,
        stored: status.stored,
        fingerprint: status.stored && !status.needsReentry ? '…Ab3x' : null,
        ...(status.needsReentry ? { needsReentry: true } : {}),
      },
    }),
    'profiles.update': (request) => ({
      ok: true,
      data: { ...ACME, ...(request as { patch: object }).patch },
    }),
    'profiles.list': () => ({ ok: true, data: { profiles: [SANDBOX, ACME], activeId: 'sandbox' } }),
  });
}

beforeEach(() => useSettingsStore.setState(settingsInitial, true));
afterEach(cleanup);

const updates = () => fake.calls.filter((c) => c.channel === 'profiles.update').map((c) => c.request);

describe('Settings: a change of where the key is sent asks for the key again', () => {
  it('a new service address shows the key field, requires it, and sends it with the change', async () => {
    install({ stored: true });
    const user = userEvent.setup();
    const card = liveCard();
    await waitFor(() => expect(within(card).getByTestId('key-stored')).toBeTruthy());
    await user.click(within(card).getByTestId('edit-profile'));
    const form = within(card).getByTestId('edit-profile-form');
    // A rename alone does not ask for it.
    expect(within(form).queryByLabelText('API key')).toBeNull();
    const address = within(form).getByLabelText('Service address');
    await user.clear(address);
    await user.type(address, 'https://other.example.com');
    const key = within(form).getByLabelText('API key');
    expect(key.getAttribute('aria-describedby')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByTestId('error-summary')).toBeTruthy();
    expect(updates()).toEqual([]);

    await user.type(key, KEY);
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(updates()[0]).toMatchObject({
      id: 'p-live',
      patch: { baseUrl: 'https://other.example.com' },
      apiKey: KEY,
    });
  });

  it('a switch to legacy signing asks for the key too', async () => {
    install({ stored: true });
    const user = userEvent.setup();
    const card = liveCard();
    await waitFor(() => expect(within(card).getByTestId('key-stored')).toBeTruthy());
    const advanced = within(card).getByTestId('advanced-settings');
    await user.selectOptions(within(advanced).getByLabelText('Request signing'), 'legacy');
    await user.click(within(advanced).getByRole('button', { name: 'Save advanced settings' }));
    expect(within(advanced).getByText(/Enter the API key/)).toBeTruthy();
    expect(updates()).toEqual([]);
    await user.type(within(advanced).getByLabelText('API key'), KEY);
    await user.click(within(advanced).getByRole('button', { name: 'Save advanced settings' }));
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(updates()[0]).toMatchObject({ patch: { signing: 'legacy' }, apiKey: KEY });
  });

  it('a key entered for somewhere else says so and offers to enter it again', async () => {
    install({ stored: true, needsReentry: true });
    const card = liveCard();
    expect((await within(card).findByTestId('key-needs-reentry')).textContent).toMatch(/enter the key again/);
    expect(within(card).getByLabelText('API key')).toBeTruthy();
  });
});
