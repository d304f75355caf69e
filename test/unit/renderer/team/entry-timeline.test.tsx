// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TeamEntryWho } from '@contract';
import { EntryWho } from '@renderer/features/journal/EntryWho';
import { useTeamStore } from '@renderer/stores/team-store';
import { installDomMerchant } from '../dom-merchant';
import { JOINED } from '../team-fixtures';

const at = (minute: number) => `2026-11-26T10:${String(minute).padStart(2, '0')}:00.000Z`;
const WHO: TeamEntryWho = {
  steps: [
    { type: 'intent', at: at(1), desk: 'Front office', person: 'anna', note: null },
    {
      type: 'approvals.draft',
      at: at(1),
      desk: 'Front office',
      person: 'anna',
      note: 'Not sent: drafted as revision 1',
    },
    {
      type: 'approvals.submit',
      at: at(2),
      desk: 'Front office',
      person: 'anna',
      note: 'Needs 1 approval from approvers (policy version 1)',
    },
    {
      type: 'approvals.approve',
      at: at(5),
      desk: 'Back office',
      person: 'bob',
      note: '1 of 1 approval for revision 1: approved, a treasury desk may send it',
    },
    { type: 'claim', at: at(9), desk: 'Treasury', person: 'tess' },
    { type: 'settle', at: at(9), desk: 'Treasury', person: 'tess' },
    { type: 'webhook', at: at(20), desk: 'Back office', person: 'bob' },
  ],
  claim: { desk: 'Treasury', person: 'tess', at: at(9) },
  entryId: '12',
  approval: 'Approved (revision 1, policy version 1)',
};

afterEach(cleanup);
beforeEach(() => useTeamStore.setState({ status: JOINED }));

describe('one timeline on the journal entry (issue 28 item 4)', () => {
  it('shows drafted, submitted, approved by whom, claimed by which desk, sent and settled, in the ledger’s order', async () => {
    installDomMerchant({ 'team.entryWho': () => ({ ok: true, data: WHO }) });
    render(<EntryWho id="12" />);
    expect((await screen.findByTestId('team-who-approval')).textContent).toBe(
      'Approved (revision 1, policy version 1)',
    );
    expect(screen.getByTestId('team-who-claim').textContent).toMatch(/desk “Treasury” by tess/);
    const steps = Array.from(
      screen.getByTestId('team-who').querySelectorAll('li'),
      (li) => li.querySelector('strong')!.textContent,
    );
    expect(steps).toEqual([
      'Recorded, not sent',
      'Drafted for approval',
      'Submitted for approval',
      'Approved',
      'Claimed to send',
      'Answer recorded',
      'Webhook applied',
    ]);
    expect(screen.getAllByTestId('team-who-note').map((n) => n.textContent)).toEqual([
      'Not sent: drafted as revision 1',
      'Needs 1 approval from approvers (policy version 1)',
      '1 of 1 approval for revision 1: approved, a treasury desk may send it',
    ]);
    const approved = screen.getByTestId('team-who').querySelectorAll('li')[3]!;
    expect(approved.textContent).toContain('Approved by bob on desk “Back office”');
  });

  it('shows a rejection with its reason', async () => {
    installDomMerchant({
      'team.entryWho': () => ({
        ok: true,
        data: {
          ...WHO,
          steps: [
            {
              type: 'approvals.reject',
              at: at(6),
              desk: 'Back office',
              person: 'bob',
              note: 'Reason: Wrong supplier',
            },
          ],
          claim: null,
          approval: 'Rejected by bob: Wrong supplier (revision 1, policy version 1)',
        },
      }),
    });
    render(<EntryWho id="12" />);
    expect((await screen.findByTestId('team-who-approval')).textContent).toContain('Wrong supplier');
    expect(screen.getByTestId('team-who-note').textContent).toBe('Reason: Wrong supplier');
    expect(screen.queryByTestId('team-who-claim')).toBeNull();
  });
});
