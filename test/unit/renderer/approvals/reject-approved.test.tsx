// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApprovalsScreen } from '@renderer/features/approvals/ApprovalsScreen';
import { useTeamStore } from '@renderer/stores/team-store';
import { installDomMerchant } from '../dom-merchant';
import { JOINED, queueItem as item, queueAnswer as queue } from '../team-fixtures';

afterEach(cleanup);
beforeEach(() => useTeamStore.setState({ status: JOINED }));

/** Approved, waiting for a treasury desk (here or elsewhere), not yet sent. */
const approved = (extra: Parameters<typeof item>[0] = {}) =>
  item({ counted: 2, sendable: { here: false, treasuryDesks: ['Treasury'] }, ...extra });

describe('rejecting an approved withdrawal before it is sent (issue 28)', () => {
  it('an approver gets "Reject…" on an approved item, with a reason, for the revision seen', async () => {
    let items = [approved()];
    const fake = installDomMerchant({
      'approvals.queue': () => queue(...items),
      'approvals.reject': () => {
        items = [];
        return queue();
      },
    });
    render(<ApprovalsScreen />);
    const card = await screen.findByTestId('approval-41');
    expect(within(card).queryByTestId('approve-41')).toBeNull();
    const user = userEvent.setup();
    await user.click(within(card).getByTestId('reject-41'));
    // No reason, no call: the form says why.
    await user.click(within(card).getByTestId('reject-send-41'));
    expect(within(card).getByRole('alert').textContent).toContain('Say why it is rejected');
    expect(fake.calls.some((c) => c.channel === 'approvals.reject')).toBe(false);
    await user.type(within(card).getByTestId('reject-reason-41'), 'Supplier changed their address');
    await user.click(within(card).getByTestId('reject-send-41'));
    expect((await screen.findByTestId('approvals-done')).textContent).toBe(
      'Withdrawal #41 is rejected; it will not be sent.',
    );
    expect(fake.calls.find((c) => c.channel === 'approvals.reject')?.request).toEqual({
      id: '41',
      revision: 2,
      reason: 'Supplier changed their address',
    });
  });

  it('a rejection the ledger refuses (a desk claimed it meanwhile) says it was not changed, not "not sent"', async () => {
    installDomMerchant({
      'approvals.queue': () => queue(approved()),
      'approvals.reject': () => ({
        ok: false,
        error: { kind: 'journal-not-found', message: 'Withdrawal #41 no longer waits for approval.' },
      }),
    });
    render(<ApprovalsScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('reject-41'));
    await user.type(screen.getByTestId('reject-reason-41'), 'Wrong supplier');
    await user.click(screen.getByTestId('reject-send-41'));
    const notice = await screen.findByTestId('error-notice');
    expect(notice.textContent).toContain('Withdrawal #41 was not changed.');
    expect(notice.textContent).toContain('no longer waits for approval');
  });

  it('the person who prepared it, and anyone who is not an approver, get no "Reject…"', async () => {
    installDomMerchant({ 'approvals.queue': () => queue(approved({ mine: true })) });
    render(<ApprovalsScreen />);
    const mine = await screen.findByTestId('approval-41');
    expect(within(mine).getByTestId('send-waiting-41')).toBeTruthy();
    expect(within(mine).queryByTestId('reject-41')).toBeNull();
    cleanup();
    installDomMerchant({
      'approvals.queue': () => ({
        ok: true,
        data: { items: [approved()], canApprove: false, canAudit: false },
      }),
    });
    render(<ApprovalsScreen />);
    const notApprover = await screen.findByTestId('approval-41');
    expect(within(notApprover).getByTestId('send-waiting-41')).toBeTruthy();
    expect(within(notApprover).queryByTestId('reject-41')).toBeNull();
  });
});
