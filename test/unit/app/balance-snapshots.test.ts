import { describe, expect, it } from 'vitest';
import { BALANCE_SNAPSHOT_MS, startBalanceSnapshots } from '@main/app/balance-snapshots';

/** Snapshots on a timer the test runs by hand; each read answers an empty balance list. */
function snapshots(everyMs?: number) {
  const delays: number[] = [];
  let due: (() => void) | undefined;
  const points: string[] = [];
  startBalanceSnapshots({
    profileId: 'sandbox',
    history: { record: (point) => points.push(point.totalUsd) },
    read: async () => [] as never,
    signal: new AbortController().signal,
    schedule: (fn, ms) => {
      delays.push(ms);
      due = fn;
      return { cancel: () => (due = undefined) };
    },
    ...(everyMs === undefined ? {} : { everyMs }),
  });
  return { delays, points, run: () => due?.() };
}

describe('balance snapshots', () => {
  it('take the first as the scope opens, then one every BALANCE_SNAPSHOT_MS, or at the pace asked', async () => {
    for (const [everyMs, expected] of [
      [undefined, BALANCE_SNAPSHOT_MS],
      [2_000, 2_000],
    ] as const) {
      const { delays, points, run } = snapshots(everyMs);
      expect(delays).toEqual([0]);
      run();
      await expect.poll(() => delays).toEqual([0, expected]);
      expect(points).toHaveLength(1);
    }
  });
});
