import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { live, tempJournal, withdrawalBody } from '@test/helpers/journal';

let t: ReturnType<typeof tempJournal>;
afterEach(() => t.cleanup());

describe('journal robustness', () => {
  it('starts a withdrawal at the projected status the answer carries (the answer is already unwrapped)', () => {
    t = tempJournal();
    const processing = t.journal.begin('createWithdrawal', { ...live, requestBody: withdrawalBody() });
    t.journal.settle(processing, {
      outcome: 'accepted',
      response: { withdrawal_id: 'w-1', status: 'processing' },
      externalIds: { withdrawalId: 'w-1' },
    });
    const pending = t.journal.begin('createWithdrawal', {
      ...live,
      requestBody: withdrawalBody({ amount: '11' }),
    });
    t.journal.settle(pending, {
      outcome: 'accepted',
      response: { withdrawal_id: 'w-2', status: 'pending' },
      externalIds: { withdrawalId: 'w-2' },
    });
    expect(t.journal.get(processing)?.settlement).toBe('processing');
    expect(t.journal.get(pending)?.settlement).toBe('pending');
  });

  it('lists every entry even when one stored value was damaged, and the chain check says so', () => {
    t = tempJournal();
    const id = t.journal.begin('createWithdrawal', { ...live, requestBody: withdrawalBody() });
    t.journal.settle(id, {
      outcome: 'accepted',
      response: { withdrawal_id: 'w-1' },
      externalIds: { withdrawalId: 'w-1' },
    });
    t.journal.close();
    const raw = new Database(t.file);
    raw.prepare('UPDATE entries SET response_json = ? WHERE id = ?').run('{not json', id);
    raw.close();
    const journal = t.reopen();
    const [entry] = journal.list();
    expect(entry?.response).toMatchObject({ unreadable: expect.stringMatching(/chain check/) });
    expect(journal.verifyChain().ok).toBe(false);
  });
});

describe('evidence that an invoice was not performed', () => {
  it('is only an accepted re-submission of the same order_id, and only proves "not performed"', async () => {
    const { invoiceBody } = await import('@test/helpers/journal');
    t = tempJournal();
    const id = t.journal.begin('createInvoice', { ...live, requestBody: invoiceBody({ order_id: 'O-9' }) });
    t.journal.settle(id, { outcome: 'unknown' });
    const accepted = (orderId: string) => ({ kind: 'order-id-accepted' as const, orderId, entryId: 99 });
    expect(() => t.journal.resolve(id, { by: 'evidence', performed: false, reason: 'x' })).toThrow(
      /needs the evidence/,
    );
    expect(() =>
      t.journal.resolve(id, { by: 'evidence', performed: true, reason: 'x', evidence: accepted('O-9') }),
    ).toThrow(/not performed/);
    expect(() =>
      t.journal.resolve(id, { by: 'evidence', performed: false, reason: 'x', evidence: accepted('O-8') }),
    ).toThrow(/different order_id/);
    expect(() =>
      t.journal.resolve(id, {
        by: 'evidence',
        performed: false,
        reason: 'x',
        evidence: { kind: 'order-id-conflict', orderId: 'O-9' },
      }),
    ).toThrow(/only show that the operation was performed/);
    expect(
      t.journal.resolve(id, {
        by: 'evidence',
        performed: false,
        reason: 'accepted again',
        evidence: accepted('O-9'),
      }).state,
    ).toBe('resolved-not-performed');
  });
});
