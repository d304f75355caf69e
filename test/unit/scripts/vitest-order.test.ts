import { describe, expect, it } from 'vitest';
import { expectedSeconds, longestFirst } from '../../../scripts/vitest-order';

const MEASURED = {
  'test/system/crash/drills.test.ts': 80,
  'test/unit/storage/worker-store.test.ts': 70,
  'test/integration/app/harness.test.ts': 12,
};

describe('the order Vitest starts test files in (scripts/vitest-order.ts)', () => {
  it('takes a measured file at its measured seconds, and guesses a new one from its lane', () => {
    expect(expectedSeconds('test/unit/storage/worker-store.test.ts', MEASURED)).toBe(70);
    expect(expectedSeconds('test/system/new/probe.test.ts', MEASURED)).toBe(10);
    expect(expectedSeconds('test/integration/new.test.ts', MEASURED)).toBe(4);
    expect(expectedSeconds('test/unit/new.test.ts', MEASURED)).toBe(1);
    expect(expectedSeconds('elsewhere/new.test.ts', MEASURED)).toBe(1);
  });

  it('starts the longest first across the lanes, and keeps the given order between equal guesses', () => {
    const files = [
      'test/integration/app/harness.test.ts',
      'test/unit/a.test.ts',
      'test/unit/storage/worker-store.test.ts',
      'test/system/new/probe.test.ts',
      'test/unit/b.test.ts',
      'test/system/crash/drills.test.ts',
    ];
    expect(longestFirst(files, (file) => file, MEASURED)).toEqual([
      'test/system/crash/drills.test.ts',
      'test/unit/storage/worker-store.test.ts',
      'test/integration/app/harness.test.ts',
      'test/system/new/probe.test.ts',
      'test/unit/a.test.ts',
      'test/unit/b.test.ts',
    ]);
  });

  it('reads the measured table that ships with it: the slowest files are in it', () => {
    expect(expectedSeconds('test/system/crash/write-crash-drills.test.ts')).toBeGreaterThan(10);
    expect(expectedSeconds('test/unit/storage/worker-store.test.ts')).toBeGreaterThan(10);
  });
});
