import { describe, expect, it } from 'vitest';
import { median, medianRatioInterval } from '@test/bench/stats';

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow('no samples');
  });
});

describe('medianRatioInterval', () => {
  // Two sets whose medians are 120 and 100, each spread like the start loads on this machine.
  const spread = (centre: number, n: number) =>
    Array.from({ length: n }, (_, i) => centre * (0.75 + (0.5 * ((i * 37) % n)) / (n - 1)));

  it('holds the ratio of the medians', () => {
    const a = spread(120, 31);
    const b = spread(100, 31);
    const [low, high] = medianRatioInterval(a, b);
    expect(median(a) / median(b)).toBeCloseTo(1.2, 5);
    expect(low).toBeLessThan(1.2);
    expect(high).toBeGreaterThan(1.2);
  });

  it('narrows as the loads grow, about with the square root of their count', () => {
    const width = (n: number) => {
      const [low, high] = medianRatioInterval(spread(120, n), spread(100, n));
      return high - low;
    };
    const ratio = width(31) / width(124);
    expect(ratio).toBeGreaterThan(1.5);
    expect(ratio).toBeLessThan(2.7);
  });

  it('is repeatable for one seed, and a different seed resamples differently', () => {
    const a = spread(120, 31);
    const b = spread(100, 31);
    expect(medianRatioInterval(a, b)).toEqual(medianRatioInterval(a, b));
    expect(medianRatioInterval(a, b, 4000, 2)).not.toEqual(medianRatioInterval(a, b, 4000, 1));
  });

  it('is exactly the ratio when nothing varies', () => {
    expect(medianRatioInterval([130, 130, 130], [100, 100, 100])).toEqual([1.3, 1.3]);
  });
});
