// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AssetLineView } from '@shared/domain/reconciliation';
import { AssetTable } from '@renderer/features/reconcile/AssetTable';
import { Coverage } from '@renderer/features/reconcile/Coverage';

afterEach(cleanup);

const WORDS = 'no balance seen between 1 Nov 2026 00:00 UTC and 26 Nov 2026 00:32 UTC';
const line = (gaps: AssetLineView['gaps']): AssetLineView => ({
  coin: 'usdt',
  network: 'tron',
  start: { at: '2026-11-26T00:32:00.000Z', total: '250', available: null, frozen: '0' },
  end: { at: '2026-11-26T03:00:00.000Z', total: '250', available: null, frozen: '0' },
  expected: '0',
  observed: '0',
  difference: '0',
  gaps,
  flagged: gaps.length > 0,
  reasons: gaps.map((g) => g.words),
  movementCount: 0,
  movements: [],
});
const gap = {
  bound: 'start' as const,
  from: '2026-11-01T00:00:00.000Z',
  to: '2026-11-26T00:32:00.000Z',
  words: WORDS,
};

describe('reconcile: the session shows its coverage', () => {
  it('names the unobserved stretch per asset, and the row is not "Reconciled"', () => {
    const lines = [line([gap])];
    render(
      <>
        <Coverage lines={lines} names={new Map()} />
        <AssetTable lines={lines} names={new Map()} />
      </>,
    );
    const coverage = screen.getByTestId('recon-coverage');
    expect(coverage.dataset.complete).toBe('false');
    expect(coverage.textContent).toContain('Coverage incomplete');
    expect(coverage.textContent).toContain(
      `No balance seen between 1 Nov 2026 00:00 UTC and 26 Nov 2026 00:32 UTC — USDT · tron`,
    );
    const row = screen.getByTestId('recon-asset-row');
    expect(within(row).queryByText('✓ Reconciled')).toBeNull();
    expect(within(row).getByTestId('recon-flag').textContent).toBe('⚠ Not observed');
    expect(row.textContent).toContain(WORDS);
  });

  it('says a stretch shared by every asset once', () => {
    const lines = [line([gap]), { ...line([gap]), coin: 'btc', network: 'btc' }];
    render(<Coverage lines={lines} names={new Map()} />);
    const items = screen.getByTestId('recon-coverage').querySelectorAll('li');
    expect([...items].map((li) => li.textContent)).toEqual([
      'No balance seen between 1 Nov 2026 00:00 UTC and 26 Nov 2026 00:32 UTC — every asset (2)',
    ]);
  });

  it('says the period is covered, with the tolerance, when a balance was seen near both ends', () => {
    render(<Coverage lines={[line([])]} names={new Map()} />);
    const coverage = screen.getByTestId('recon-coverage');
    expect(coverage.dataset.complete).toBe('true');
    expect(coverage.textContent).toMatch(/within 60 minutes of the start and the end for every asset/);
  });
});
