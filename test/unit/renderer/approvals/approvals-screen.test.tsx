// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApprovalsScreen } from '@renderer/features/approvals/ApprovalsScreen';
import { NavBar } from '@renderer/shell/NavBar';
import { screenFromHash } from '@renderer/shell/routes';
import { useShellStore } from '@renderer/stores/shell-store';
import { useTeamStore } from '@renderer/stores/team-store';
import { ACME, installDomMerchant } from '../dom-merchant';
import { JOINED, queueItem as item, queueAnswer as queue, QUEUE_ADDRESS as ADDRESS } from '../team-fixtures';

afterEach(() => {
  cleanup();
  useShellStore.setState({ profiles: [] });
});
beforeEach(() => useTeamStore.setState({ status: JOINED }));

describe('the Approvals screen (issue 28)', () => {
  it('lists what waits with amount, unit, network, the whole address, "new address" and "1 of 2 approvals"', async () => {
    useShellStore.setState({ profiles: [{ ...ACME, name: 'Acme live' }] });
    installDomMerchant({
      'approvals.queue': () => queue(item(), item({ id: '42', addressName: 'Supplier Ltd', mine: true })),
    });
    render(<ApprovalsScreen />);
    const first = await screen.findByTestId('approval-41');
    expect(within(first).getByTestId('approval-amount').textContent).toBe('1250.50 USDT');
    // The network by its catalog name when the rates snapshot gave one; its code until then.
    expect(first.textContent).toContain('1250.50 USDT · tron');
    // Named by this desk's profile for that account; one this desk lacks is said so, never by its id.
    expect(within(first).getByTestId('approval-environment').textContent).toBe(
      'LIVE · real money · profile “Acme live”',
    );
    expect(within(first).getByTestId('approval-usd').textContent).toContain('About 1250.75 USD');
    expect(within(first).getByTestId('approval-address-name').textContent).toBe(
      'New address — not in the team’s address book',
    );
    expect(first.textContent).toContain(ADDRESS);
    expect(within(first).getByTestId('approval-count').textContent).toMatch(
      /^1 of 2 approvals from the group finance · approved by carl at Front office/,
    );
    expect(within(first).getByTestId('approval-prepared').textContent).toContain('Prepared by anna');
    expect(within(first).getByTestId('approval-prepared').textContent).toContain('revision 2');
    // Its own withdrawal: said so, and no Approve button to press.
    const own = screen.getByTestId('approval-42');
    expect(within(own).getByTestId('approval-address-name').textContent).toBe('Supplier Ltd');
    expect(within(own).getByTestId('approval-mine')).toBeTruthy();
    expect(within(own).queryByTestId('approve-42')).toBeNull();
    act(() => useShellStore.setState({ profiles: [] }));
    expect(within(first).getByTestId('approval-environment').textContent).toBe(
      'LIVE · real money · a profile this desk does not have',
    );
  });

  it('approves the exact revision seen, then shows the queue main answered with', async () => {
    const fake = installDomMerchant({
      'approvals.queue': () => queue(item()),
      'approvals.approve': () => queue(),
    });
    render(<ApprovalsScreen />);
    await userEvent.setup().click(await screen.findByTestId('approve-41'));
    expect((await screen.findByTestId('approvals-done')).textContent).toBe(
      'Withdrawal #41: your approval is recorded.',
    );
    expect(fake.calls.find((c) => c.channel === 'approvals.approve')?.request).toEqual({
      id: '41',
      revision: 2,
    });
    expect(screen.getByTestId('empty-state').textContent).toContain('Nothing waits for approval');
  });

  it('rejects only with a reason, and shows main’s refusal in words on the item', async () => {
    const fake = installDomMerchant({
      'approvals.queue': () => queue(item()),
      'approvals.reject': () => ({
        ok: false,
        error: {
          kind: 'journal-conflict',
          message:
            'Withdrawal #41 was changed: it is at revision 3, and you saw revision 2. Review the new revision.',
        },
      }),
    });
    render(<ApprovalsScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('reject-41'));
    await user.click(screen.getByTestId('reject-send-41'));
    expect(screen.getByRole('alert').textContent).toContain('Say why it is rejected');
    expect(document.activeElement).toBe(screen.getByTestId('reject-reason-41'));
    expect(fake.calls.some((c) => c.channel === 'approvals.reject')).toBe(false);

    await user.type(screen.getByTestId('reject-reason-41'), 'Wrong supplier');
    await user.click(screen.getByTestId('reject-send-41'));
    expect(fake.calls.find((c) => c.channel === 'approvals.reject')?.request).toEqual({
      id: '41',
      revision: 2,
      reason: 'Wrong supplier',
    });
    const notice = await screen.findByTestId('error-notice');
    expect(notice.textContent).toContain('Withdrawal #41 was not changed.');
    expect(screen.getByTestId('approval-41')).toBeTruthy();
  });

  it('announces a change on the team’s ledger and reads the queue again only when asked (UX rule 10)', async () => {
    let items = [item()];
    const fake = installDomMerchant({ 'approvals.queue': () => queue(...items) });
    render(<ApprovalsScreen />);
    await screen.findByTestId('approval-41');
    items = [item(), item({ id: '43' })];
    act(() => fake.emit('approvals:changed', {}));
    expect((await screen.findByTestId('approvals-changed')).textContent).toContain('The queue changed');
    expect(screen.queryByTestId('approval-43')).toBeNull();
    expect(fake.calls.filter((c) => c.channel === 'approvals.queue')).toHaveLength(1);
    await userEvent.setup().click(screen.getByText('Show the new queue'));
    expect(await screen.findByTestId('approval-43')).toBeTruthy();
    expect(screen.queryByTestId('approvals-changed')).toBeNull();
  });

  it('offers Approve and Reject only to an approver', async () => {
    installDomMerchant({
      'approvals.queue': () => ({ ok: true, data: { items: [item()], canApprove: false, canAudit: false } }),
    });
    render(<ApprovalsScreen />);
    const card = await screen.findByTestId('approval-41');
    expect(within(card).getByTestId('approval-not-approver').textContent).toContain('Only an approver');
    expect(within(card).queryByTestId('approve-41')).toBeNull();
    expect(within(card).queryByTestId('reject-41')).toBeNull();
  });

  it('offers the audit trail export only to whom main says may read it (an auditor or an admin)', async () => {
    const answer = (canAudit: boolean) => ({ ok: true, data: { items: [], canApprove: false, canAudit } });
    installDomMerchant({ 'approvals.queue': () => answer(false) });
    render(<ApprovalsScreen />);
    await screen.findByText('Nothing waits for approval');
    expect(screen.queryByTestId('audit-export')).toBeNull();
    cleanup();
    installDomMerchant({ 'approvals.queue': () => answer(true) });
    render(<ApprovalsScreen />);
    expect(await screen.findByTestId('audit-export')).toBeTruthy();
  });

  it('on a desk alone says approvals are for a team, asks main nothing, and the navigation hides it', () => {
    useTeamStore.setState({ status: { ...JOINED, joined: false } });
    const fake = installDomMerchant({});
    render(<ApprovalsScreen />);
    expect(screen.getByTestId('empty-state').textContent).toContain('Approvals are for a team’s ledger');
    expect(fake.calls.filter((c) => c.channel.startsWith('approvals.'))).toEqual([]);
    cleanup();

    render(<NavBar current="overview" sandboxActive={false} />);
    expect(screen.queryByTestId('nav-approvals')).toBeNull();
    cleanup();
    render(<NavBar current="overview" sandboxActive={false} teamJoined />);
    const links = screen.getAllByRole('link').map((a) => a.textContent);
    expect(links.slice(2, 4)).toEqual(['Withdrawals', 'Approvals']);
    expect(screenFromHash('#/approvals')).toBe('overview');
    expect(screenFromHash('#/approvals', false, true)).toBe('approvals');
  });
});

describe('fees in the queue (issue 28 item 2)', () => {
  it('shows main’s fee lines and who pays them on the item, and nothing invented when main gave none', async () => {
    const lines = [
      'Fees: service fee 6.25 USDT (0.5%), network fee 1 USDT, 7.25 USDT in all.',
      'Who pays: you (the merchant), on top of the amount: 1257.75 USDT leaves your balance and the recipient receives 1250.50 USDT.',
    ];
    installDomMerchant({
      'approvals.queue': () => queue(item({ feeLines: lines }), item({ id: '42' })),
    });
    render(<ApprovalsScreen />);
    const first = await screen.findByTestId('approval-41');
    expect(within(first).getByTestId('approval-fees').textContent).toBe(lines.join(''));
    expect(within(screen.getByTestId('approval-42')).queryByTestId('approval-fees')).toBeNull();
  });
});

describe('a waiting withdrawal’s history on the queue (issue 28 item 4)', () => {
  it('asks main for the entry’s timeline only when opened, and shows its steps with their notes', async () => {
    const fake = installDomMerchant({
      'approvals.queue': () => queue(item()),
      'team.entryWho': () => ({
        ok: true,
        data: {
          steps: [
            {
              type: 'approvals.submit',
              at: '2026-11-26T08:59:00.000Z',
              desk: 'Front office',
              person: 'anna',
              note: 'Needs 2 approvals from the group finance (policy version 1)',
            },
          ],
          claim: null,
          entryId: '41',
          approval:
            'Waiting for approval: 1 of 2 approvals from the group finance (revision 2, policy version 1)',
        },
      }),
    });
    render(<ApprovalsScreen />);
    const history = await screen.findByTestId('approval-history-41');
    expect(fake.calls.some((c) => c.channel === 'team.entryWho')).toBe(false);
    await userEvent.setup().click(within(history).getByText('History'));
    expect((await within(history).findByTestId('team-who-note')).textContent).toBe(
      'Needs 2 approvals from the group finance (policy version 1)',
    );
    expect(within(history).getByTestId('team-who-approval').textContent).toContain('1 of 2 approvals');
    expect(fake.calls.find((c) => c.channel === 'team.entryWho')?.request).toEqual({ id: '41' });
  });
});
