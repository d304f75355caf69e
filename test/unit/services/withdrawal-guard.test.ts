import { describe, expect, it } from 'vitest';
import { createWithdrawalGuard, startOfLocalDay } from '@main/services/withdrawal-guard';
import type { EntryFilter } from '@main/storage/port';
import type { JournalEntry } from '@main/storage/port/types';

const body = { coin: 'usdt', network: 'tron', amount: '5', to_address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL' };
const sent = (amount: string, extra: Partial<JournalEntry> = {}) =>
  ({ amount, state: 'accepted', settlement: 'pending', ...extra }) as JournalEntry;

function guardOver(entries: JournalEntry[], daily: string) {
  const filters: EntryFilter[] = [];
  const guard = createWithdrawalGuard({
    book: { list: async () => [] },
    journal: {
      page: async (filter, page) => {
        filters.push(filter);
        return {
          entries: entries.slice(page.offset, page.offset + page.limit),
          total: entries.length,
          anchor: 0,
          newer: 0,
        };
      },
    },
    rules: () => ({
      bookOnly: false,
      limits: [{ coin: 'usdt', network: 'tron', perWithdrawal: null, daily }],
    }),
    now: () => new Date(2026, 10, 26, 15, 30),
  });
  return { guard, filters };
}

describe('the daily limit', () => {
  it('counts this profile’s withdrawals of the pair since local midnight', async () => {
    const { guard, filters } = guardOver([sent('10')], '15');
    await expect(guard.check('live-1', body)).resolves.toEqual({ bookEntry: null });
    expect(filters[0]).toMatchObject({
      profileId: 'live-1',
      operation: 'createWithdrawal',
      coin: 'usdt',
      network: 'tron',
      from: new Date(2026, 10, 26).toISOString(),
    });
    expect(startOfLocalDay(new Date(2026, 10, 26, 0, 0, 1))).toBe(new Date(2026, 10, 26).toISOString());
  });

  it('leaves out what moved nothing: refused, and reported failed', async () => {
    const { guard } = guardOver(
      [
        sent('100', { state: 'rejected' }),
        sent('100', { settlement: 'failed' }),
        sent('10', { state: 'unknown' }),
      ],
      '15',
    );
    await expect(guard.check('live-1', body)).resolves.toEqual({ bookEntry: null });
    await expect(guard.check('live-1', { ...body, amount: '5.000001' })).rejects.toMatchObject({
      kind: 'withdrawal-limit',
    });
  });

  it('reads every page of a busy day', async () => {
    const { guard } = guardOver(
      Array.from({ length: 1200 }, () => sent('0.01')),
      '16.99',
    );
    // 1200 × 0.01 = 12, plus 5 is 17: over 16.99 only if the third page was read.
    await expect(guard.check('live-1', body)).rejects.toMatchObject({ kind: 'withdrawal-limit' });
  });
});

describe('a journal newer than this app (issue 30 item 3)', () => {
  it('is refused in its words before the book, the limits or main’s window are asked', async () => {
    const asked: string[] = [];
    const words = 'This journal was written by a newer version of Merchant Desk. It is open read-only.';
    const guard = createWithdrawalGuard({
      book: {
        list: async () => {
          asked.push('book');
          return [];
        },
      },
      journal: { readOnly: words, page: async () => ({ entries: [], total: 0, anchor: 0, newer: 0 }) },
      rules: () => {
        asked.push('rules');
        return { bookOnly: false, limits: [] };
      },
    });
    await expect(guard.check('live-1', body)).rejects.toMatchObject({
      kind: 'journal-newer-schema',
      message: words,
    });
    expect(asked).toEqual([]);
  });
});
