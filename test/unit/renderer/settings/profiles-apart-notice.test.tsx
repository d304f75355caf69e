// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Profile, ProfilesView } from '@contract';
import { ProfilesApartNotice } from '@renderer/features/settings/ProfilesApartNotice';
import { useTeamStore } from '@renderer/stores/team-store';
import { installDomMerchant } from '../dom-merchant';
import { JOINED_OPERATOR } from '../team-fixtures';

const profile = (id: string, name: string, merchantId: string): Profile => ({
  id,
  name,
  environment: 'live',
  baseUrl: 'https://api.example.com',
  merchantId,
  signing: 'timestamped',
  pollIntervalMs: 5000,
});
const OLD = profile('p-0a1b2c3d4e', 'Acme (old)', '1001');
const LINED = profile('m-383e8e1c49a89ecb0324', 'Acme live', '1001');
const view = (profiles: Profile[], notLinedUp: string[]): ProfilesView => ({
  profiles,
  activeId: profiles[0]!.id,
  notLinedUp,
});

afterEach(cleanup);
beforeEach(() => useTeamStore.setState({ status: JOINED_OPERATOR }));

describe('Settings → Team names each profile the other desks do not see', () => {
  it('names the profile main says is not lined up, and says how to line it up', async () => {
    installDomMerchant({ 'profiles.list': () => ({ ok: true, data: view([OLD, LINED], [OLD.id]) }) });
    render(<ProfilesApartNotice />);
    const items = await screen.findAllByTestId('profile-apart');
    expect(items).toHaveLength(1);
    expect(items[0]!.textContent).toContain('“Acme (old)” (merchant ID 1001, live)');
    expect(items[0]!.textContent).toContain('other desks do not see what it records');
    expect(items[0]!.textContent).toContain('Add the profile again with the same merchant ID');
    expect(screen.getByTestId('profiles-apart').textContent).not.toContain('Acme live');
  });

  it('goes away once the old profile is removed (profiles:changed)', async () => {
    const fake = installDomMerchant({
      'profiles.list': () => ({ ok: true, data: view([OLD, LINED], [OLD.id]) }),
    });
    render(<ProfilesApartNotice />);
    await screen.findByTestId('profiles-apart');
    act(() => fake.emit('profiles:changed', view([LINED], [])));
    await expect.poll(() => screen.queryByTestId('profiles-apart')).toBeNull();
  });

  it('on a desk alone: nothing shown, main not asked', () => {
    useTeamStore.setState({ status: { ...JOINED_OPERATOR, joined: false } });
    const fake = installDomMerchant({});
    render(<ProfilesApartNotice />);
    expect(screen.queryByTestId('profiles-apart')).toBeNull();
    expect(fake.calls.filter((c) => c.channel === 'profiles.list')).toEqual([]);
  });
});
