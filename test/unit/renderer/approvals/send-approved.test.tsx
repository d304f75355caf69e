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

const approved = (here: boolean, treasuryDesks = ['Treasury']) =>
  item({ counted: 2, sendable: { here, treasuryDesks } });

describe('an approved withdrawal on the Approvals screen (issue 28 item 4)', () => {
  it('on a treasury desk: "Send now", for the revision seen; main’s answer in words, then the queue again', async () => {
    let items = [approved(true)];
    const fake = installDomMerchant({
      'approvals.queue': () => queue(...items),
      'approvals.send': () => {
        items = [];
        return { ok: true, data: { journalId: '41', outcome: 'accepted', data: {}, warnings: [] } };
      },
    });
    render(<ApprovalsScreen />);
    const card = await screen.findByTestId('approval-41');
    expect(within(card).getByTestId('send-ready-41').textContent).toContain('This is a treasury desk');
    // Approved: nothing left to approve; an approver may still reject it (reject-approved.test.tsx).
    expect(within(card).queryByTestId('approve-41')).toBeNull();
    await userEvent.setup().click(within(card).getByTestId('send-41'));
    expect((await screen.findByTestId('approvals-done')).textContent).toBe(
      'Withdrawal #41 is sent: the service accepted it.',
    );
    expect(fake.calls.find((c) => c.channel === 'approvals.send')?.request).toEqual({
      id: '41',
      revision: 2,
    });
    expect(fake.calls.filter((c) => c.channel === 'approvals.queue')).toHaveLength(2);
    expect(await screen.findByTestId('empty-state')).toBeTruthy();
  });

  it('elsewhere: "Waiting for a treasury desk" with their names, and no button to send', async () => {
    installDomMerchant({ 'approvals.queue': () => queue(approved(false, ['Treasury', 'Vault'])) });
    render(<ApprovalsScreen />);
    const card = await screen.findByTestId('approval-41');
    expect(within(card).getByTestId('send-waiting-41').textContent).toContain(
      'Waiting for a treasury desk (Treasury, Vault)',
    );
    expect(within(card).queryByTestId('send-41')).toBeNull();
  });

  it('the database’s refusal is shown on the item, and an unknown outcome is never called a failure', async () => {
    let answer: unknown = {
      ok: false,
      error: {
        kind: 'journal-conflict',
        message:
          'Journal entry #41 was already claimed by desk "Vault" at 2026-11-26T09:30:00.000Z (tom); it is not sent again from here.',
      },
    };
    installDomMerchant({ 'approvals.queue': () => queue(approved(true)), 'approvals.send': () => answer });
    render(<ApprovalsScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('send-41'));
    const notice = await screen.findByTestId('error-notice');
    expect(notice.textContent).toContain('Withdrawal #41 was not sent.');
    expect(notice.textContent).toContain('already claimed by desk "Vault"');
    answer = {
      ok: true,
      data: { journalId: '41', outcome: 'unknown', error: { kind: 'transport', message: 'timeout' } },
    };
    await user.click(screen.getByTestId('send-41'));
    expect((await screen.findByTestId('approvals-done')).textContent).toContain('its outcome is unknown');
  });
});
