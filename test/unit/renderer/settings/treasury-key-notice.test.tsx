// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TreasuryKeys } from '@contract';
import { TreasuryKeyNotice } from '@renderer/features/settings/TreasuryKeyNotice';
import { useTeamStore } from '@renderer/stores/team-store';
import { installDomMerchant } from '../dom-merchant';
import { JOINED_OPERATOR } from '../team-fixtures';

const REFUSED: TreasuryKeys = {
  words: 'This desk is not one of the team’s treasury desks (Treasury): only they hold the API key.',
  treasuryDesks: ['Treasury'],
  removed: ['Acme'],
};

afterEach(cleanup);
beforeEach(() => useTeamStore.setState({ status: JOINED_OPERATOR }));

describe('Settings says which desks hold the API key (issue 28 item 4)', () => {
  it('on a desk that is not a treasury desk: the treasury desks, why, and the keys it removed', async () => {
    installDomMerchant({ 'team.treasuryKeys': () => ({ ok: true, data: REFUSED }) });
    render(<TreasuryKeyNotice />);
    const notice = await screen.findByTestId('treasury-keys');
    expect(notice.textContent).toContain('API keys stay on the treasury desks (Treasury)');
    expect(notice.textContent).toContain('not one of the team’s treasury desks');
    expect(screen.getByTestId('treasury-keys-removed').textContent).toContain('Acme');
  });

  it('reads again when the team changes, and says nothing once this desk may hold the key', async () => {
    let keys = REFUSED;
    const fake = installDomMerchant({ 'team.treasuryKeys': () => ({ ok: true, data: keys }) });
    render(<TreasuryKeyNotice />);
    await screen.findByTestId('treasury-keys');
    keys = { words: null, treasuryDesks: ['Treasury', 'Front office'], removed: ['Acme'] };
    act(() => fake.emit('team:changed', {}));
    await expect.poll(() => screen.queryByTestId('treasury-keys')).toBeNull();
  });

  it('on a desk alone: nothing shown, main not asked', () => {
    useTeamStore.setState({ status: { ...JOINED_OPERATOR, joined: false } });
    const fake = installDomMerchant({});
    render(<TreasuryKeyNotice />);
    expect(screen.queryByTestId('treasury-keys')).toBeNull();
    expect(fake.calls.filter((c) => c.channel === 'team.treasuryKeys')).toEqual([]);
  });
});
