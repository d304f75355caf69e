// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TreasuryKeys } from '@contract';
import { AddProfileForm } from '@renderer/features/settings/AddProfileForm';
import { useSettingsStore } from '@renderer/features/settings/settings-store';
import { useTeamStore } from '@renderer/stores/team-store';
import { SANDBOX, installDomMerchant } from '../dom-merchant';
import { JOINED_OPERATOR } from '../team-fixtures';

const NOT_TREASURY: TreasuryKeys = {
  words: 'This desk is not one of the team’s treasury desks (Treasury).',
  treasuryDesks: ['Treasury'],
  removed: [],
};
const settingsInitial = useSettingsStore.getState();
const created = {
  ...SANDBOX,
  id: 'm-383e8e1c49a89ecb0324',
  name: 'Acme live',
  environment: 'live' as const,
  baseUrl: 'https://api.example.com',
  merchantId: '1001',
};

afterEach(cleanup);
beforeEach(() => {
  useSettingsStore.setState(settingsInitial, true);
  useTeamStore.setState({ status: JOINED_OPERATOR });
});

async function fillAndSave() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Profile name'), 'Acme live');
  await user.type(screen.getByLabelText('Service address'), 'https://api.example.com');
  await user.type(screen.getByLabelText('Merchant ID'), '1001');
  await user.click(screen.getByTestId('add-profile-submit'));
}

describe('adding the team’s live profile on a desk that holds no API key', () => {
  it('asks for no key, tests nothing, adds the profile alone and says the key stays on the treasury desks', async () => {
    const fake = installDomMerchant({
      'team.treasuryKeys': () => ({ ok: true, data: NOT_TREASURY }),
      'profiles.create': () => ({ ok: true, data: created }),
      'profiles.list': () => ({ ok: true, data: { profiles: [SANDBOX, created], activeId: 'sandbox' } }),
    });
    render(<AddProfileForm />);
    const note = await screen.findByTestId('add-profile-without-key');
    expect(note.textContent).toContain('(Treasury)');
    expect(screen.queryByLabelText('API key')).toBeNull();
    expect(screen.queryByTestId('add-profile-test')).toBeNull();
    expect(screen.getByTestId('add-profile-submit').textContent).toBe('Save live profile');
    await fillAndSave();
    await waitFor(() =>
      expect(screen.getByTestId('profile-created').textContent).toContain(
        'Profile “Acme live” was added without its API key, which stays on the treasury desks.',
      ),
    );
    const channels = fake.calls.map((c) => c.channel);
    expect(channels).toContain('profiles.create');
    expect(channels).not.toContain('secrets.set');
    expect(channels).not.toContain('profiles.testConnection');
  });

  it('on a treasury desk (or alone) the key is still asked for', async () => {
    installDomMerchant({
      'team.treasuryKeys': () => ({
        ok: true,
        data: { words: null, treasuryDesks: ['Front office'], removed: [] },
      }),
    });
    render(<AddProfileForm />);
    expect(await screen.findByLabelText('API key')).toBeTruthy();
    expect(screen.queryByTestId('add-profile-without-key')).toBeNull();
    expect(screen.getByTestId('add-profile-submit').textContent).toBe('Test and save live profile');
  });
});
