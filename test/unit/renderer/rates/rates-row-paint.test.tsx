// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RateRow } from '@contract';
import { RatesTable } from '@renderer/features/rates/RatesTable';
import { toRateView } from '@renderer/stores/rate-view';
import { layOutAsAWindow } from '../window-layout';

function row(i: number): RateRow {
  return {
    symbol: `t${String(i).padStart(3, '0')}`,
    name: `Test asset ${i}`,
    type: 'crypto',
    usdPrice: `${i + 1}.25`,
    openPrice: `${i + 1}.00`,
    pairs: [],
  };
}

layOutAsAWindow(1000);

describe('rate rows stay cheap to paint while the table scrolls (issue 14)', () => {
  it('names each expand button without an absolutely placed hidden span in the row', async () => {
    const views = Array.from({ length: 50 }, (_, i) => toRateView(row(i), [], undefined));
    render(<RatesTable rows={views} />);
    const rows = screen.getAllByTestId('rate-row');
    expect(rows.length).toBeGreaterThan(5);
    // A visually hidden span is absolutely placed: one per row that scrolled into view made Chromium's
    // paint phase about four times dearer (traced at 2 000 assets). The name is a label instead.
    for (const r of rows) expect(r.querySelector('.visually-hidden')).toBeNull();

    const first = rows[0]!;
    const toggle = within(first).getByRole('button', { name: 'Show networks for T000' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    const open = within(screen.getAllByTestId('rate-row')[0]!).getByRole('button', {
      name: 'Hide networks for T000',
    });
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(open.getAttribute('aria-controls') ?? '')?.textContent).toContain(
      'No networks listed for t000',
    );
  });
});
