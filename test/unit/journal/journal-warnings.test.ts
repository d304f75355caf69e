import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IllegalTransitionError, JournalError } from '@main/storage/port/errors';
import { live, tempJournal, withdrawalBody } from '@test/helpers/journal';

let t: ReturnType<typeof tempJournal>;
beforeEach(() => {
  t = tempJournal();
});
afterEach(() => t.cleanup());

const GAP = 'no withdrawal id: match it by its webhook';

describe('journal: an accepted answer with gaps', () => {
  it('keeps the raw answer and the gaps, shows them as warnings (not an error), survives a reopen and the chain check', () => {
    const id = t.journal.begin('createWithdrawal', { ...live, requestBody: withdrawalBody() });
    const settled = t.journal.settle(id, {
      outcome: 'accepted',
      response: { status: 'processing' },
      warnings: [GAP],
    });
    expect(settled).toMatchObject({
      state: 'accepted',
      settlement: 'processing',
      response: { status: 'processing' },
      withdrawalId: null,
      error: null,
      warnings: [GAP],
    });
    expect(t.journal.events(id).at(-1)).toMatchObject({ type: 'settle', detail: { warnings: [GAP] } });
    expect(t.reopen().get(id)?.warnings).toEqual([GAP]);
    expect(t.journal.verifyChain()).toMatchObject({ ok: true });
  });

  it('an answer as documented has no warnings; warnings never go with a refusal or an unknown', () => {
    const a = t.journal.begin('createWithdrawal', { ...live, requestBody: withdrawalBody() });
    const ok = t.journal.settle(a, { outcome: 'accepted', response: { withdrawal_id: 'w1' } });
    expect(ok.warnings).toEqual([]);
    const b = t.journal.begin('createWithdrawal', {
      ...live,
      requestBody: withdrawalBody({ amount: '1' }),
    });
    expect(() => t.journal.settle(b, { outcome: 'unknown', warnings: [GAP] })).toThrow(JournalError);
    expect(t.journal.get(b)?.state).toBe('sending');
  });

  it('an accepted withdrawal without an id is listed for webhook matching, and takes an id once', () => {
    const id = t.journal.begin('createWithdrawal', { ...live, requestBody: withdrawalBody() });
    t.journal.settle(id, { outcome: 'accepted', response: {}, warnings: [GAP] });
    expect(t.journal.findAcceptedWithoutWithdrawalId('p-live').map((e) => e.id)).toEqual([id]);
    expect(t.journal.findAcceptedWithoutWithdrawalId('other')).toEqual([]);
    const matched = t.journal.attachWithdrawalId(id, 'w-9', 'a verified webhook describes it');
    expect(matched).toMatchObject({ withdrawalId: 'w-9', state: 'accepted', warnings: [GAP] });
    expect(t.journal.events(id).at(-1)).toMatchObject({ type: 'match', detail: { withdrawalId: 'w-9' } });
    expect(t.journal.findAcceptedWithoutWithdrawalId('p-live')).toEqual([]);
    expect(() => t.journal.attachWithdrawalId(id, 'w-10', 'again')).toThrow(IllegalTransitionError);
    expect(t.journal.applyWithdrawalEvent('w-9', 'withdrawal.success', {}, 'p-live')).toMatchObject({
      applied: true,
      entryId: id,
    });
    expect(t.journal.verifyChain()).toMatchObject({ ok: true });
  });
});
