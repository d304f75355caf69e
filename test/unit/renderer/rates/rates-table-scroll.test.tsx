// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RateRow } from '@contract';
import { RatesTable } from '@renderer/features/rates/RatesTable';
import { toRateView, type RateView } from '@renderer/stores/rate-view';
import { layOutAsAWindow } from '../window-layout';

const ASSETS = 2000;

function row(i: number): RateRow {
  const symbol = `t${String(i).padStart(4, '0')}`;
  return {
    symbol,
    name: `Test asset ${i}`,
    type: 'crypto',
    usdPrice: `${i + 1}.25`,
    openPrice: `${i + 1}.00`,
    pairs: [],
  };
}

/** The rows, with every read of a row by index counted: what a scroll costs in rows touched. */
function countedRows(count: number) {
  const views: RateView[] = Array.from({ length: count }, (_, i) => toRateView(row(i), [], undefined));
  const reads = { count: 0 };
  const rows = new Proxy(views, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads.count++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { rows, reads };
}

layOutAsAWindow(1000);

describe('rates table while it scrolls (issue 14)', () => {
  it('a scroll reads the rows in view, not every asset', () => {
    const { rows, reads } = countedRows(ASSETS);
    render(<RatesTable rows={rows} />);
    const frame = screen.getByTestId('rates-table');
    expect(screen.getAllByTestId('rate-row')[0]?.getAttribute('data-symbol')).toBe('t0000');

    reads.count = 0;
    for (let step = 1; step <= 5; step++) {
      act(() => {
        frame.scrollTop = step * 37 * 30;
        frame.dispatchEvent(new Event('scroll'));
      });
    }
    // Moved on: the rows now in view are rendered.
    const symbols = screen.getAllByTestId('rate-row').map((r) => r.getAttribute('data-symbol'));
    expect(symbols).toContain('t0150');
    // Five scrolls that each bring new rows: about the rows in view (plus overscan) each time. A
    // virtualizer that recomputes every row's position reads all 2 000 rows on each of them.
    expect(reads.count).toBeLessThan(ASSETS / 4);
  });
});
