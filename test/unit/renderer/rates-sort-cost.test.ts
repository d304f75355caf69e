import { describe, expect, it } from 'vitest';
import { mergeSnapshot, visibleRows, type RateView } from '@renderer/stores/rate-view';
import { rate, snapshot } from './fake-merchant';

/** Views whose price reads are counted: a sort that parses per comparison reads n log n times. */
function counted(prices: readonly string[]) {
  const views = mergeSnapshot(snapshot(prices.map((p, i) => rate(`c${i}`, p, '1'))), []);
  const reads = { count: 0 };
  const wrapped = views.map((view) => {
    const copy = { ...view };
    Object.defineProperty(copy, 'usdPrice', {
      get: () => (reads.count++, view.usdPrice),
      enumerable: true,
    });
    return copy as RateView;
  });
  return { wrapped, reads };
}

describe('rate table sort cost (issue 14)', () => {
  it('reads each price once per sort, not at every comparison', () => {
    const n = 4000;
    const prices = Array.from({ length: n }, (_, i) => `${(i * 7919) % 100000}.${i % 97}`);
    const { wrapped, reads } = counted(prices);
    visibleRows(wrapped, '', { key: 'price', direction: 'descending' });
    // n log2 n is about 48 000 here; a linear sort key needs n (plus a few for the missing check).
    expect(reads.count).toBeLessThanOrEqual(2 * n);
  });

  it('orders decimals a double cannot tell apart exactly, and missing prices last', () => {
    const views = mergeSnapshot(
      snapshot([
        rate('a', '0.10000000000000000002'),
        rate('b', null),
        rate('c', '0.1'),
        rate('d', '0.10000000000000000001'),
        rate('e', '-0.00'),
        rate('f', '0'),
        rate('g', '-3.5'),
      ]),
      [],
    );
    const order = (direction: 'ascending' | 'descending') =>
      visibleRows(views, '', { key: 'price', direction }).map((v) => v.symbol);
    expect(order('ascending')).toEqual(['g', 'e', 'f', 'c', 'd', 'a', 'b']);
    expect(order('descending')).toEqual(['a', 'd', 'c', 'e', 'f', 'g', 'b']);
  });
});
