import { describe, expect, it } from 'vitest';
import { AppError } from '@shared/errors';
import { approvalRefusal } from '@main/app/modules/team-refusals';
import { usdRateOf } from '@main/app/approval-submit';

const refused = (sqlState: string, message: string) => Object.assign(new Error(message), { sqlState });

describe('the ledger’s approval refusals in words', () => {
  it('gives a not-permitted refusal (M0003) the kind auth and keeps the database’s words', () => {
    const error = approvalRefusal(
      refused('M0003', 'You prepared or changed withdrawal #7; someone else must approve it.'),
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      kind: 'auth',
      message: 'You prepared or changed withdrawal #7; someone else must approve it.',
    });
  });

  it('gives an old revision (M0007) the kind journal-conflict and says to refresh', () => {
    const error = approvalRefusal(refused('M0007', 'Withdrawal #7 was changed: it is at revision 2.'));
    expect(error).toMatchObject({
      kind: 'journal-conflict',
      message: 'Withdrawal #7 was changed: it is at revision 2. Refresh the queue.',
    });
  });

  it('names a missing role (42501) without the engine’s function name, and passes anything else on', () => {
    expect(approvalRefusal(refused('42501', 'permission denied for function approve'))).toMatchObject({
      kind: 'auth',
      message: 'Your role in the team does not allow this; ask an admin.',
    });
    const other = new Error('socket closed');
    expect(approvalRefusal(other)).toBe(other);
  });
});

describe('the USD rate a prepared withdrawal is judged by', () => {
  const rows = [
    { symbol: 'USDT', usdPrice: '1.0002' },
    { symbol: 'new', usdPrice: null },
  ] as never;
  it('is main’s feed price for the coin, and none from a stale feed or an unpriced coin', () => {
    expect(usdRateOf({ rows, stale: false }, 'usdt')).toBe('1.0002');
    expect(usdRateOf({ rows, stale: true }, 'usdt')).toBeNull();
    expect(usdRateOf({ rows, stale: false }, 'new')).toBeNull();
    expect(usdRateOf({ rows, stale: false }, 'btc')).toBeNull();
  });
});
