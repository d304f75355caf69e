// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsScreen } from '@renderer/features/settings/SettingsScreen';
import { useSettingsStore } from '@renderer/features/settings/settings-store';
import { useShellStore } from '@renderer/stores/shell-store';
import { ACME, SANDBOX, installDomMerchant } from './dom-merchant';

const SANDBOX_COPY = /you are in the sandbox|nothing here moves real funds|play money/i;
const shellInitial = useShellStore.getState();
const settingsInitial = useSettingsStore.getState();

function show(activeId: string) {
  useShellStore.setState({ ...shellInitial, profiles: [SANDBOX, ACME], activeId }, true);
  return render(<SettingsScreen />);
}

/** The page's text outside the profile cards: what it says about "where you are". */
function pageCopyOutsideCards(): string {
  const clone = screen.getByTestId('settings-screen').cloneNode(true) as HTMLElement;
  clone.querySelectorAll('[data-testid="profile-card"]').forEach((card) => card.remove());
  return clone.textContent ?? '';
}

beforeEach(() => {
  useSettingsStore.setState(settingsInitial, true);
  installDomMerchant({
    'secrets.status': (request) => {
      const id = (request as { profileId: string }).profileId;
      return id === 'sandbox'
        ? { ok: true, data: { profileId: id, stored: true, fingerprint: 'built-in' } }
        : { ok: true, data: { profileId: id, stored: true, fingerprint: '…Ab3x' } };
    },
    'secrets.set': () => ({
      ok: false,
      error: {
        kind: 'invalid-request',
        message: 'Check apiKey: too short',
        fieldErrors: { apiKey: ['This is too short to be an API key.'] },
      },
    }),
  });
});
afterEach(cleanup);

describe('Settings: environment copy follows the active profile', () => {
  it('renders no Sandbox copy outside the Sandbox card while a live profile is active', () => {
    show('p-live');
    expect(screen.queryByTestId('sandbox-intro')).toBeNull();
    expect(pageCopyOutsideCards()).not.toMatch(SANDBOX_COPY);
    const cards = screen.getAllByTestId('profile-card');
    const live = cards.find((c) => c.dataset.profileId === 'p-live')!;
    expect(within(live).getByTestId('env-note').textContent).toMatch(/real funds/i);
    expect(within(live).getByTestId('env-note').textContent).not.toMatch(SANDBOX_COPY);
    expect(within(live).getByText('(active)')).toBeTruthy();
  });

  it('explains each environment on its own card', () => {
    show('sandbox');
    const notes = screen.getAllByTestId('env-note').map((n) => n.dataset.environment);
    expect(notes).toEqual(['sandbox', 'live']);
    expect(screen.getAllByTestId('env-note')[0]!.textContent).toMatch(/play money/);
  });

  it('keeps request signing out of sight, under Advanced', () => {
    show('sandbox');
    for (const advanced of screen.getAllByTestId('advanced-settings')) {
      expect((advanced as HTMLDetailsElement).open).toBe(false);
      expect(within(advanced).getByLabelText('Request signing')).toBeTruthy();
    }
  });
});

describe('Settings: the API key panel', () => {
  it('shows which key is stored, and says what is wrong with a short key without blaming the keychain', async () => {
    const user = userEvent.setup();
    show('sandbox');
    const live = screen.getAllByTestId('profile-card').find((c) => c.dataset.profileId === 'p-live')!;
    await waitFor(() => expect(within(live).getByTestId('key-fingerprint').textContent).toBe('…Ab3x'));
    await user.click(within(live).getByRole('button', { name: 'Replace' }));
    await user.type(within(live).getByLabelText('New API key'), 'short');
    await user.click(within(live).getByRole('button', { name: 'Store in keychain' }));
    expect(within(live).getByText(/too short to be an API key/)).toBeTruthy();
    expect(live.textContent).not.toMatch(/keychain did not accept/i);
    await user.click(within(live).getByRole('button', { name: 'Cancel' }));
    expect(within(live).queryByText(/too short/)).toBeNull();
    expect(within(live).getByTestId('key-stored')).toBeTruthy();
  });
});

describe('Settings: adding a live profile', () => {
  it('lists every problem at once in plain words and moves focus to the summary', async () => {
    const user = userEvent.setup();
    show('sandbox');
    const form = screen.getByTestId('add-profile-form');
    await user.type(within(form).getByLabelText('Service address'), 'http://api.example.com');
    await user.click(within(form).getByTestId('add-profile-submit'));
    const summary = await within(form).findByTestId('error-summary');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    const items = within(summary)
      .getAllByRole('link')
      .map((a) => a.textContent ?? '');
    expect(items).toHaveLength(4);
    expect(items.join(' ')).toMatch(/https:\/\//);
    expect(items.join(' ')).not.toMatch(/baseUrl|apiKey|merchantId/);
  });
});
