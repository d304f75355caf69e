// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { TeamAccess, TeamDesks } from '@contract';
import { TeamAccessAdmin } from '@renderer/features/settings/TeamAccessAdmin';
import { installDomMerchant } from '../dom-merchant';

const FRONT = '11111111-1111-4111-8111-111111111111';
const BACK = '22222222-2222-4222-8222-222222222222';
const desk = (id: string, name: string, extra: Partial<TeamDesks['desks'][number]> = {}) => ({
  id,
  name,
  state: 'active' as const,
  enrolledBy: 'adam',
  enrolledAt: null,
  revokedAt: null,
  revokedBy: null,
  revokeReason: null,
  thisDesk: false,
  ...extra,
});
const access = (data: TeamAccess) => ({ ok: true, data });
const handlers = (extra: Record<string, (request: unknown) => unknown> = {}) => ({
  'team.access': () => access({ treasuryDesks: [BACK], groups: [{ name: 'treasury', members: ['bob'] }] }),
  'team.desks': () => ({
    ok: true,
    data: {
      desks: [
        desk(FRONT, 'Front office', { thisDesk: true }),
        desk(BACK, 'Back office'),
        desk('33333333-3333-4333-8333-333333333333', 'Old', { state: 'revoked' }),
      ],
    },
  }),
  'team.people': () => ({
    ok: true,
    data: {
      people: [
        { person: 'anna', role: 'operator' },
        { person: 'bob', role: 'viewer' },
      ],
    },
  }),
  ...extra,
});

afterEach(cleanup);

describe('treasury desks and groups in Settings → Team (issue 28 item 4)', () => {
  it('shows everyone which desks hold the key and who is in each group, with no control but for an admin', async () => {
    installDomMerchant(handlers());
    render(<TeamAccessAdmin admin={false} />);
    const back = await screen.findByTestId(`treasury-${BACK}`);
    expect(back.textContent).toContain('treasury desk: holds the key');
    expect(screen.getByTestId(`treasury-${FRONT}`).textContent).toContain('does not hold the key');
    // A revoked desk is not offered.
    expect(screen.getByTestId('team-treasury').children).toHaveLength(2);
    expect((await screen.findByTestId('group-treasury')).textContent).toContain('bob');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('group-add')).toBeNull();
  });

  it('lets an admin name a treasury desk and add a person to a group, each asked of main', async () => {
    const fake = installDomMerchant(
      handlers({
        'team.setTreasuryDesk': () =>
          access({ treasuryDesks: [BACK, FRONT], groups: [{ name: 'treasury', members: ['bob'] }] }),
        'team.setGroupMember': () =>
          access({ treasuryDesks: [BACK, FRONT], groups: [{ name: 'treasury', members: ['anna', 'bob'] }] }),
      }),
    );
    const user = userEvent.setup();
    render(<TeamAccessAdmin admin />);
    await user.click(await screen.findByTestId(`treasury-toggle-${FRONT}`));
    expect(fake.calls.find((c) => c.channel === 'team.setTreasuryDesk')?.request).toEqual({
      deskId: FRONT,
      holdsKey: true,
    });
    expect((await screen.findByTestId(`treasury-toggle-${FRONT}`)).textContent).toBe('Stop holding the key…');

    await user.type(screen.getByTestId('group-name'), 'treasury');
    await user.selectOptions(screen.getByTestId('group-person'), 'anna');
    await user.click(screen.getByTestId('group-add'));
    expect(fake.calls.find((c) => c.channel === 'team.setGroupMember')?.request).toEqual({
      group: 'treasury',
      person: 'anna',
      member: true,
    });
    expect(
      within(await screen.findByTestId('group-treasury')).getByTestId('group-treasury-remove-anna'),
    ).toBeTruthy();
  });

  it('shows the ledger’s refusal in words', async () => {
    installDomMerchant(
      handlers({
        'team.setTreasuryDesk': () => ({
          ok: false,
          error: {
            kind: 'auth',
            message: 'Only an admin of the team names treasury desks and group members; ask one of them.',
            details: { refusedBy: 'team' },
          },
        }),
      }),
    );
    render(<TeamAccessAdmin admin />);
    await userEvent.setup().click(await screen.findByTestId(`treasury-toggle-${FRONT}`));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Only an admin of the team');
    expect(alert.textContent).not.toContain('API key');
  });
});
