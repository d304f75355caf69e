import { describe, expect, it } from 'vitest';
import { QUEUE_ADDRESS as ADDRESS, queueItem } from '@test/helpers/approval-queue-item';
import { withdrawalConfirmation } from '@main/app/confirm/requests';
import { sendApprovedConfirmation } from '@main/app/confirm/send-approved';

const item = queueItem({
  revision: 3,
  addressName: 'Supplier Ltd',
  approvals: [
    { person: 'carl', desk: 'Front office', at: '2026-11-26T09:01:00.000Z' },
    { person: 'bob', desk: 'Back office', at: '2026-11-26T09:02:00.000Z' },
  ],
  counted: 2,
  groups: [],
  rule: 'rule 2',
  sendable: { here: true, treasuryDesks: ['Vault'] },
});
const body = { coin: 'usdt', network: 'tron', amount: '1250.50', to_address: ADDRESS };
const context = {
  profileName: 'Acme live',
  baseUrl: 'https://pay.example',
  merchantId: 'acme',
  networkName: 'TRON (TRC-20)',
  bookName: 'Supplier Ltd',
};

describe('main’s own account of sending an approved withdrawal', () => {
  it('is the desk’s own withdrawal review, line for line, plus who prepared and approved it', () => {
    const own = withdrawalConfirmation(body, context);
    const asked = sendApprovedConfirmation(item, body, context);
    expect(asked.title).toBe('Send approved withdrawal #41?');
    expect(asked.confirmLabel).toBe(own.confirmLabel);
    expect(asked.userCheck).toBe('send a live withdrawal');
    // Every line of the desk's own review, in its order, the closing warning last.
    expect(asked.lines.filter((l) => own.lines.includes(l))).toEqual(own.lines);
    expect(asked.lines.at(-1)).toBe('Once sent, a withdrawal cannot be called back.');
    expect(asked.lines).toContain(
      'Withdrawal #41, revision 3: prepared by anna; approved by carl (Front office), bob (Back office)',
    );
    expect(asked.lines).toContain('LIVE · real money');
  });

  it('test money: said so, and no check of who is at the desk; an approval the policy gave is named', () => {
    const asked = sendApprovedConfirmation({ ...item, environment: 'sandbox', approvals: [] }, body, context);
    expect(asked.userCheck).toBeUndefined();
    expect(asked.lines).toContain('Test money (Sandbox), not live');
    expect(asked.lines.join('\n')).toContain('approved by the policy (no approval required)');
  });
});
