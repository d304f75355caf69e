import { describe, expect, it } from 'vitest';
import { JournalFilter } from '@shared/domain/journal';
import { ReconPeriodInput } from '@shared/domain/reconciliation';
import { Instant } from '@shared/domain/wire';

describe('Instant: one way to write a moment, so text order is time order', () => {
  it('writes any offset as UTC with milliseconds, as the journal records times', () => {
    expect(Instant.parse('2026-11-01T02:00:00+02:00')).toBe('2026-11-01T00:00:00.000Z');
    expect(Instant.parse('2026-11-01T00:00:00Z')).toBe('2026-11-01T00:00:00.000Z');
    expect(Instant.parse('2026-11-01T00:00:00.5Z')).toBe('2026-11-01T00:00:00.500Z');
  });

  it('refuses what is not a date and time, saying what it wants', () => {
    for (const bad of ['2026-11-01', 'yesterday', '2026-13-01T00:00:00Z', '1730419200000', ''])
      expect(Instant.safeParse(bad).error?.issues[0]?.message, bad).toBe(
        'must be a date and time such as 2026-11-01T00:00:00Z',
      );
  });

  it('is the rule of both a reconciliation period and a journal filter', () => {
    // Kept as written, this start would compare as text after a movement at 2026-10-31T23:00:00.000Z,
    // an hour after it, and leave that movement out of the period.
    const period = ReconPeriodInput.parse({
      from: '2026-11-01T00:00:00+02:00',
      to: '2026-11-02T00:00:00+02:00',
    });
    expect(period).toEqual({ from: '2026-10-31T22:00:00.000Z', to: '2026-11-01T22:00:00.000Z' });
    expect(JournalFilter.parse({ from: '2026-11-01T00:00:00+02:00' }).from).toBe('2026-10-31T22:00:00.000Z');
  });
});
