import { describe, expect, it } from 'vitest';
import { withdrawalPath, type SubmitSession } from '@main/app/approval-submit';
import type { PublishedPolicy } from '@main/storage/port/approvals';

const POLICY: PublishedPolicy = {
  version: 3,
  rules: [{ action: 'require', approvals: 1 }],
  publishedBy: 'adam',
  publishedAt: '2026-11-26T10:00:00Z',
};

function session(role: SubmitSession['role'], policy: PublishedPolicy | null): SubmitSession {
  const refuse = () => Promise.reject(new Error('not read by withdrawalPath'));
  return {
    role,
    pool: { query: refuse },
    approvals: {
      publishedPolicy: () => Promise.resolve(policy),
      draftWithdrawal: refuse,
      submit: refuse,
      addressBook: refuse,
    },
  };
}

describe('which way the Withdrawals form ends, as main decides (issue 28)', () => {
  it('sends on a desk alone and on a team with no published policy', async () => {
    expect(await withdrawalPath(null)).toEqual({ path: 'send' });
    expect(await withdrawalPath(session('operator', null))).toEqual({ path: 'send' });
  });

  it('submits for approval once a policy is published, naming its version', async () => {
    expect(await withdrawalPath(session('operator', POLICY))).toMatchObject({
      path: 'approval',
      policyVersion: 3,
    });
  });

  it('offers a viewer no form at all, with or without a policy', async () => {
    for (const policy of [null, POLICY]) {
      const path = await withdrawalPath(session('viewer', policy));
      expect(path.path).toBe('not-allowed');
      expect(path).toMatchObject({ words: expect.stringContaining('Ask a team admin') });
    }
  });

  it('leaves an unknown role to the ledger, which still decides', async () => {
    expect(await withdrawalPath(session(null, POLICY))).toMatchObject({ path: 'approval' });
  });
});
