import { describe, expect, it } from 'vitest';
import { formatClock } from '../../../src-renderer/src/lib/time';

describe('formatClock', () => {
  it('says what toLocaleTimeString says, with one formatter for every call', () => {
    for (const iso of ['2026-11-22T00:00:00.000Z', '2026-11-22T13:05:09.999Z', '2030-06-30T23:59:59Z'])
      expect(formatClock(iso)).toBe(
        new Date(iso).toLocaleTimeString(undefined, {
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
        }),
      );
    expect(formatClock(null)).toBe('never');
    expect(formatClock('not a time')).toBe('not a time');
  });
});
