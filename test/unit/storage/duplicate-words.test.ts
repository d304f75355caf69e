import { describe, expect, it } from 'vitest';
import { DuplicateWithdrawalError } from '@main/storage/port/errors';
import { toJournalError } from '@main/storage/pg/errors';

const match = { id: 12, state: 'sending', settlement: null, createdAt: '2026-11-26T10:42:05.123Z' };

describe('the duplicate guard’s refusal in words', () => {
  it('on a team, names the desk holding the earlier withdrawal, its person and the minute (UTC) it was claimed', () => {
    const detail = JSON.stringify([
      { ...match, desk: 'Front office', person: 'anna', claimedAt: '2026-11-26T10:42:07.000Z' },
    ]);
    const error = toJournalError({
      code: 'M0004',
      message: 'not finished',
      detail,
    }) as DuplicateWithdrawalError;
    expect(error).toBeInstanceOf(DuplicateWithdrawalError);
    expect(error.kind).toBe('duplicate-withdrawal');
    expect(error.message).toMatch(
      /^An identical withdrawal is already on its way from desk ‘Front office’ \(claimed 2026-11-26 10:42 UTC by anna; journal entry #12, sending\)\. A withdrawal of the same amount/,
    );
  });

  it('on a desk alone, names the entry only, as before', () => {
    const error = new DuplicateWithdrawalError([match]);
    expect(error.message).toBe(
      'A withdrawal of the same amount of the same coin on the same network to the same address is not finished: #12 (sending). Check it first; to send another one anyway, confirm with a reason.',
    );
  });
});
