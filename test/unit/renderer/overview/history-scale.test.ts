import { describe, expect, it } from 'vitest';
import { historyDomain, historyRange } from '@renderer/features/overview/history-scale';

describe('the balance history axis', () => {
  it('starts at zero, so a $7 move on $10,000 is a sliver of the chart, not all of it', () => {
    const [low, high] = historyDomain([10_000, 10_007, 10_003]);
    expect(low).toBe(0);
    expect(high).toBeGreaterThanOrEqual(10_007);
    expect(7 / (high - low)).toBeLessThan(0.001);
  });

  it('tops the axis at a round figure that fits its labels, a little above the highest point', () => {
    expect(historyDomain([12_345.7465])).toEqual([0, 13_000]);
    expect(historyDomain([0.5])).toEqual([0, 0.53]);
    expect(historyDomain([1_234_567.89])).toEqual([0, 1_300_000]);
    expect(historyDomain([95])).toEqual([0, 100]);
  });

  it('has a height with nothing in it, and ignores what is not a number', () => {
    expect(historyDomain([])).toEqual([0, 1]);
    expect(historyDomain([0, Number.NaN])).toEqual([0, 1]);
  });

  it('names the lowest and highest total exactly, as decimals', () => {
    expect(historyRange(['10000.10', '9999.99', '10007.00'])).toEqual({ low: '9999.99', high: '10007.00' });
    expect(historyRange([])).toBeNull();
  });
});
