import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  DuplicateWithdrawalError,
  IllegalTransitionError,
  isStorageFailure,
  JournalError,
  NotRecordedError,
} from '@main/storage/port/errors';
import { fromWire, toWire } from '@main/storage/sqlite/worker-protocol';

/** As the worker posts it: through structured clone, which keeps no class. */
const across = (error: unknown) => fromWire(structuredClone(toWire(error)));

describe('errors crossing from the storage worker', () => {
  it('a full disk stays a NotRecordedError, with its words and the code callers test', () => {
    const full = new BetterSqlite3.SqliteError('database or disk is full', 'SQLITE_FULL');
    const error = across(new NotRecordedError(7, full));
    expect(error).toBeInstanceOf(NotRecordedError);
    expect(error).toMatchObject({
      kind: 'journal-write-failed',
      message: expect.stringMatching(/disk is full/),
    });
    expect(across(full)).toMatchObject({ name: 'SqliteError', code: 'SQLITE_FULL' });
    expect(isStorageFailure(across(full))).toBe(true);
  });

  it('the journal refusals keep their classes, kinds and fields', () => {
    const matches = [{ id: 3, state: 'unknown', settlement: null, createdAt: '2030-01-01T00:00:00.000Z' }];
    const duplicate = across(new DuplicateWithdrawalError(matches));
    expect(duplicate).toBeInstanceOf(DuplicateWithdrawalError);
    expect(duplicate).toMatchObject({ kind: 'duplicate-withdrawal', matches });
    const illegal = across(new IllegalTransitionError(4, 'accepted', 'settled'));
    expect(illegal).toBeInstanceOf(IllegalTransitionError);
    expect(illegal).toMatchObject({ kind: 'journal-illegal-transition', entryId: 4 });
    for (const failure of ['invalid', 'not-found', 'conflict', 'locked', 'newer-schema'] as const) {
      const error = across(new JournalError(failure, `because ${failure}`));
      expect(error).toBeInstanceOf(JournalError);
      expect(error).toMatchObject({
        kind: new JournalError(failure, '').kind,
        message: `because ${failure}`,
      });
    }
  });

  it('anything else arrives as an Error with its name and message', () => {
    const error = across(new TypeError('no such thing'));
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'TypeError', message: 'no such thing' });
    expect(error.stack).toContain('in the storage worker');
  });
});
