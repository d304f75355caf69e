import { describe, expect, it } from 'vitest';
import { outlookWords, submitConfirmation, type SubmitOutlook } from '@main/app/confirm/submit-requests';

const facts = { usd: null, destination: 'new', balance: null, windowCount: null, windowTotal: null } as const;
const outlook = (patch: Partial<SubmitOutlook>): SubmitOutlook => ({
  rule: 2,
  name: 'big',
  action: 'require',
  approvals: 2,
  groups: [],
  facts,
  policyVersion: 3,
  ...patch,
});
const body = {
  coin: 'usdt',
  network: 'tron',
  amount: '200',
  to_address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
};

describe('what the policy requires, in main’s words', () => {
  it('names the approvals, whose count, and the rule that decided', () => {
    expect(outlookWords(outlook({}))).toBe(
      'needs 2 approvals from approvers (rule 2, “big” of policy version 3)',
    );
    expect(outlookWords(outlook({ approvals: 1, groups: ['cfo'], name: null }))).toBe(
      'needs 1 approval from the group cfo (rule 2 of policy version 3)',
    );
    expect(outlookWords(outlook({ groups: ['cfo', 'ops'] }))).toContain('from the groups cfo, ops');
    expect(outlookWords(outlook({ action: 'allow', approvals: 0 }))).toMatch(
      /^needs no approval: it is approved at once/,
    );
    expect(outlookWords(outlook({ action: 'block', rule: null }))).toBe(
      'blocks it (no rule of policy version 3 matches it)',
    );
  });

  it('says it is not sent yet, with the whole address, the book’s name and the general fee sentence', () => {
    const request = submitConfirmation(
      body,
      {
        profileName: 'Shop',
        merchantId: 'm-1',
        environment: 'live',
        networkName: 'TRON (TRC-20)',
        fees: null,
        bookName: 'Supplier',
      },
      outlook({}),
    );
    const lines = request.lines.join('\n');
    expect(request.confirmLabel).toBe('Submit for approval');
    expect(lines).toContain('Pair: USDT on TRON (TRC-20)');
    expect(lines).toContain('TNPe eaaF B7K9 cmo4 uQpc U32z GK8G 1NYq eL');
    expect(lines).toContain('Address book: “Supplier”');
    expect(lines).toContain('charged as your merchant fee settings say');
    expect(lines).toContain('LIVE · real money');
    expect(lines).toContain('It is not sent yet');
    expect(lines).toContain('The team’s policy needs 2 approvals from approvers');
  });
});
