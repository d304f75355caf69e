import { describe, expect, it } from 'vitest';
import { approvalNote, approvalStanding } from '@main/app/approval-timeline';
import type { ApprovalState } from '@main/storage/port/approvals';

describe('an approval step in words, from the row its event recorded', () => {
  it('says what the policy required, the count, a rejection’s reason and a change', () => {
    const row = { revision: 2, status: 'submitted', required: 2, groups: ['cfo'], policy_version: 4 };
    expect(approvalNote('approvals.submit', row, 0)).toBe(
      'Needs 2 approvals from the group cfo (policy version 4)',
    );
    expect(approvalNote('approvals.submit', { ...row, status: 'approved', required: 0 }, 0)).toBe(
      'The policy (version 4) approves it without a second person',
    );
    expect(
      approvalNote('approvals.submit', { ...row, status: 'rejected', reject_reason: 'blocked by rule 1' }, 0),
    ).toBe('Rejected by the policy: blocked by rule 1');
    expect(approvalNote('approvals.approve', row, 1)).toBe('1 of 2 approvals for revision 2');
    expect(approvalNote('approvals.approve', { ...row, status: 'approved' }, 2)).toBe(
      '2 of 2 approvals for revision 2: approved, a treasury desk may send it',
    );
    expect(approvalNote('approvals.reject', { ...row, reject_reason: 'Wrong supplier' }, 0)).toBe(
      'Reason: Wrong supplier',
    );
    expect(approvalNote('approvals.revise', row, 0)).toBe(
      'Changed to revision 2: every earlier approval is cleared',
    );
    expect(approvalNote('claim', row, 0)).toBeNull();
  });

  it('says where the approval stands now', () => {
    const state: ApprovalState = {
      entryId: 5,
      revision: 1,
      status: 'submitted',
      preparedBy: ['anna'],
      policyVersion: 2,
      decision: null,
      required: 2,
      counted: 1,
      approvals: [],
      usdRate: null,
      submitted: null,
      rejected: null,
    };
    expect(approvalStanding(null)).toBeNull();
    expect(approvalStanding(state)).toBe(
      'Waiting for approval: 1 of 2 approvals from approvers (revision 1, policy version 2)',
    );
    expect(
      approvalStanding({ ...state, status: 'rejected', rejected: { by: 'bob', at: '', reason: 'No' } }),
    ).toBe('Rejected by bob: No (revision 1, policy version 2)');
  });
});
