import { describe, expect, it } from 'vitest';
import { formatClock } from '@renderer/lib/time';

describe('formatClock', () => {
  it('says what toLocaleTimeString says in 24-hour time, with one formatter for every call', () => {
    for (const iso of ['2026-11-22T00:00:00.000Z', '2026-11-22T13:05:09.999Z', '2030-06-30T23:59:59Z'])
      expect(formatClock(iso)).toBe(
        new Date(iso).toLocaleTimeString(undefined, {
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
          hourCycle: 'h23',
        }),
      );
    // The afternoon reads as the other times on screen do ("rate at 20:06"), not with AM/PM.
    const afternoon = new Date(2026, 10, 22, 20, 6, 20).toISOString();
    expect(formatClock(afternoon)).toMatch(/20.06.20/);
    expect(formatClock(afternoon)).not.toMatch(/AM|PM/i);
    expect(formatClock(null)).toBe('never');
    expect(formatClock('not a time')).toBe('not a time');
  });
});
