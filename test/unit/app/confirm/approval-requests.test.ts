import { describe, expect, it } from 'vitest';
import { queueItem } from '@test/helpers/approval-queue-item';
import { approveConfirmation, rejectConfirmation } from '@main/app/confirm/approval-requests';

const item = queueItem({
  revision: 3,
  addressName: 'Supplier Ltd',
  groups: [],
  rule: 'rule 2',
});

describe('main’s own account of an approval or a rejection', () => {
  it('shows the live withdrawal whole, for its revision, and asks who is at the desk', () => {
    const asked = approveConfirmation(item);
    expect(asked.title).toBe('Approve withdrawal #41?');
    expect(asked.confirmLabel).toBe('Approve');
    expect(asked.userCheck).toBe('approve a live withdrawal');
    expect(asked.lines).toEqual(
      expect.arrayContaining([
        'Withdrawal #41, revision 3',
        'LIVE · real money · profile p-live',
        'Amount: 1250.50 USDT on TRON (about 1250.75 USD at the rate recorded when submitted)',
        'To: TNPe eaaF B7K9 cmo4 uQpc U32z GK8G 1NYq eL',
        'Address book: Supplier Ltd',
        'Approvals so far: 1 of 2 (carl at Front office)',
      ]),
    );
  });

  it('carries the reason into a rejection, and asks no user check for test money', () => {
    const asked = rejectConfirmation(
      { ...item, environment: 'sandbox', addressName: null },
      'Wrong supplier',
    );
    expect(asked.userCheck).toBeUndefined();
    expect(asked.lines).toContain('Reason, as the team will see it: Wrong supplier');
    expect(asked.lines.join('\n')).toContain('new address');
    expect(approveConfirmation({ ...item, environment: 'sandbox' }).userCheck).toBeUndefined();
  });
});
