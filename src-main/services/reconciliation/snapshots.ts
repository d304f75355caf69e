import type { BalancesView } from '@shared/domain/market';
import { addDecimal } from '@shared/money/exact';
import type { SnapshotInput } from '../../storage/port/recon-store';

/**
 * The per-asset figures of a balances read, as snapshots. The total is the service's balance, or
 * available + frozen when it sent no total (frozen money is still the merchant's: it is in the total).
 * A row with neither cannot be reconciled and is left out rather than guessed.
 */
export function snapshotRows(view: BalancesView): SnapshotInput[] {
  return view.rows.flatMap((row) => {
    const total =
      row.balance ?? (row.available !== null ? addDecimal(row.available, row.frozen ?? '0') : null);
    if (total === null || !row.coin || !row.network) return [];
    return [{ coin: row.coin, network: row.network, total, available: row.available, frozen: row.frozen }];
  });
}
