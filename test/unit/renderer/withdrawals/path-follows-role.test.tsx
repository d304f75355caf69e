// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WithdrawalPath } from '@contract';
import { useTeamStore } from '@renderer/stores/team-store';
import { ACME } from '../dom-merchant';
import { JOINED } from '../team-fixtures';
import { resetStores, showScreen } from './harness';

const teamInitial = useTeamStore.getState();
beforeEach(resetStores);
afterEach(() => {
  cleanup();
  useTeamStore.setState(teamInitial, true);
});

describe('the Withdrawals screen follows the person’s role on the team (issue 28 item 1)', () => {
  it('asks main again when the role changes: a viewer made operator gets the form without leaving', async () => {
    useTeamStore.setState({ status: JOINED });
    const options: { profile: typeof ACME; path: WithdrawalPath } = {
      profile: ACME,
      path: { path: 'not-allowed', words: 'Viewers read the team’s ledger.' },
    };
    const { fake } = showScreen(options);
    await screen.findByTestId('withdrawals-not-allowed');
    const asked = () => fake.calls.filter((c) => c.channel === 'withdrawals.path').length;
    const before = asked();
    options.path = { path: 'send' };
    act(() => useTeamStore.setState({ status: { ...JOINED, role: 'operator' } }));
    await waitFor(() => expect(asked()).toBe(before + 1));
    expect(await screen.findByTestId('withdrawal-form')).toBeTruthy();
    expect(screen.queryByTestId('withdrawals-not-allowed')).toBeNull();
  });
});
