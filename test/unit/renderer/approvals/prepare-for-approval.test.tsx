// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TeamStatus } from '@contract';
import { ApprovalsScreen } from '@renderer/features/approvals/ApprovalsScreen';
import { useShellStore } from '@renderer/stores/shell-store';
import { useTeamStore } from '@renderer/stores/team-store';
import { ACME, installDomMerchant } from '../dom-merchant';

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const OPERATOR: TeamStatus = {
  joined: true,
  server: 'db.example.com:5432/ledger',
  person: 'anna',
  role: 'operator',
  desk: 'Front office',
  connection: 'online',
  asOf: null,
  words: 'online',
};
const EMPTY_QUEUE = { ok: true, data: { items: [], canApprove: false } };

afterEach(cleanup);
beforeEach(() => {
  useTeamStore.setState({ status: OPERATOR });
  useShellStore.setState({ profiles: [ACME], activeId: ACME.id } as never);
});

describe('preparing a withdrawal for approval (issue 28)', () => {
  it('sends what was typed to main, says it waits for approval, and reads the queue again', async () => {
    const fake = installDomMerchant({
      'approvals.queue': () => EMPTY_QUEUE,
      'approvals.submit': () => ({ ok: true, data: { id: '77', status: 'submitted' } }),
    });
    render(<ApprovalsScreen />);
    await screen.findByTestId('empty-state');
    const user = userEvent.setup();
    await user.click(screen.getByText('Prepare a withdrawal for approval'));
    await user.type(screen.getByLabelText(/^Coin/), 'usdt');
    await user.type(screen.getByLabelText(/^Network/), 'tron');
    await user.type(screen.getByLabelText(/^Amount/), '40.5');
    await user.type(screen.getByLabelText(/^To address/), ADDRESS);
    expect(screen.getByTestId('approvals-prepare').textContent).toContain('LIVE');
    await user.click(screen.getByTestId('prepare-submit'));
    expect((await screen.findByTestId('prepare-done')).textContent).toBe(
      'Withdrawal #77 is submitted: it waits for approval.',
    );
    expect(fake.calls.find((c) => c.channel === 'approvals.submit')?.request).toEqual({
      withdrawal: { coin: 'usdt', network: 'tron', amount: '40.5', to_address: ADDRESS },
    });
    expect(fake.calls.filter((c) => c.channel === 'approvals.queue')).toHaveLength(2);
  });

  it('shows main’s refusal with the field it names, and is not offered to a viewer', async () => {
    installDomMerchant({
      'approvals.queue': () => EMPTY_QUEUE,
      'approvals.submit': () => ({
        ok: false,
        error: {
          kind: 'invalid-request',
          message: 'The request is not valid.',
          fieldErrors: { 'withdrawal.to_address': ['not a TRON address'] },
        },
      }),
    });
    render(<ApprovalsScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByText('Prepare a withdrawal for approval'));
    await user.click(screen.getByTestId('prepare-submit'));
    expect(await screen.findByText('not a TRON address')).toBeTruthy();
    expect(screen.getByTestId('error-notice').textContent).toContain('The withdrawal was not submitted.');
    cleanup();

    useTeamStore.setState({ status: { ...OPERATOR, role: 'viewer' } });
    render(<ApprovalsScreen />);
    await screen.findByTestId('empty-state');
    expect(screen.queryByTestId('approvals-prepare')).toBeNull();
  });
});
