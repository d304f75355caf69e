import { describe, expect, it, vi } from 'vitest';
import type { WriteResult } from '@contract';
import { mayPrepare, refusedWrites, teamGatedWriter } from '@main/app/may-prepare';
import type { JournaledWriter, WriteScope } from '@main/app/journaled-write';

describe('who may write from a screen on a team, decided once in main (issue 28 item 1)', () => {
  it('a viewer (or an approver or auditor with no write role) is told why and who can, per write', () => {
    expect(mayPrepare('viewer', 'invoices')).toContain('an operator or admin creates invoices');
    expect(mayPrepare('viewer', 'wallets')).toContain('an operator or admin creates deposit wallets');
    expect(mayPrepare('viewer', 'withdrawals')).toContain('Ask a team admin for the operator role');
    expect(Object.keys(refusedWrites('viewer')).sort()).toEqual(['invoices', 'wallets', 'withdrawals']);
  });

  it('an operator, an admin, and a role not known yet (the ledger still decides) are refused nothing', () => {
    for (const role of ['operator', 'admin', null] as const) {
      expect(mayPrepare(role, 'invoices')).toBeNull();
      expect(refusedWrites(role)).toEqual({});
    }
  });

  it('the money path refuses a viewer’s write before the writer is reached; a desk alone writes as before', async () => {
    const answer: WriteResult = { journalId: '1', outcome: 'accepted', data: {} };
    const calls = vi.fn();
    const inner: JournaledWriter = (...args) => {
      calls(...args);
      return Promise.resolve(answer);
    };
    const scope = {} as WriteScope;
    const card = { request: { operation: 'createProviderCardOrder' as const, invoiceCode: 'C1' } };
    let session: { role: 'viewer' | 'operator' } | null = { role: 'viewer' };
    const write = teamGatedWriter(inner, () => session);
    await expect(write(scope, card)).rejects.toMatchObject({
      kind: 'auth',
      message: mayPrepare('viewer', 'invoices'),
    });
    expect(calls).not.toHaveBeenCalled();
    session = { role: 'operator' };
    expect(await write(scope, card)).toBe(answer);
    session = null;
    expect(await write(scope, card)).toBe(answer);
    expect(calls).toHaveBeenCalledTimes(2);
  });
});
