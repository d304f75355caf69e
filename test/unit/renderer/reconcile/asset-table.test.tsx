// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AssetLineView } from '@shared/domain/reconciliation';
import { AssetTable } from '@renderer/features/reconcile/AssetTable';

afterEach(cleanup);

const snapshot = { at: '2026-01-01T00:00:00.000Z', total: '0', available: '0', frozen: '0' };
const move = (i: number): AssetLineView['movements'][number] => ({
  key: `invoice:${i}`,
  kind: 'invoice-credit',
  amount: '1',
  effect: '1',
  at: '2026-06-01T00:00:00.000Z',
  entryId: i,
  outside: false,
  counted: true,
  source: 'amount',
});
const line = (movementCount: number, listed: number): AssetLineView => ({
  coin: 'usdt',
  network: 'tron',
  start: snapshot,
  end: { ...snapshot, total: String(movementCount) },
  expected: String(movementCount),
  observed: String(movementCount),
  difference: '0',
  gaps: [],
  flagged: false,
  reasons: [],
  movementCount,
  movements: Array.from({ length: listed }, (_, i) => move(i)),
});

describe('reconcile: the movements behind an asset line', () => {
  it('counts every movement and says the list holds only the newest', () => {
    render(<AssetTable lines={[line(36_791, 200)]} names={new Map()} />);
    expect(screen.getByText('36,791 movements')).toBeTruthy();
    expect(screen.getByTestId('recon-moves-note').textContent).toMatch(
      /The newest 200 are listed here; the session's report lists every one\./,
    );
    expect(document.querySelectorAll('.recon-moves li')).toHaveLength(200);
  });

  it('lists them all, without the note, when they all fit', () => {
    render(<AssetTable lines={[line(3, 3)]} names={new Map()} />);
    expect(screen.getByText('3 movements')).toBeTruthy();
    expect(screen.queryByTestId('recon-moves-note')).toBeNull();
  });
});
