import type { BalanceRow } from '@contract';
import { addDecimals, compareDecimal } from '../../lib/decimal';

const SHOWN = ['coin', 'network', 'balance', 'frozen', 'available', 'usd'] as const;
const SHOWN_NAMES = new Set<string>(SHOWN);

/**
 * The record's fields the table does not already show. The spec does not name every field, so a key is
 * treated as shown only if it is one of ours, or carries the same value as the column it is named after
 * (e.g. "usd_value": "12.30" when the USD column shows 12.30). Everything else is displayed as-is.
 */
export function extraFields(row: BalanceRow): Record<string, unknown> {
  const extras: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row.raw)) {
    const lower = key.toLowerCase();
    if (SHOWN_NAMES.has(lower)) continue;
    const duplicate = SHOWN.some((field) => lower.includes(field) && value === row[field]);
    if (!duplicate) extras[key] = value;
  }
  return extras;
}

export interface AssetValuation {
  coin: string;
  usd: string;
}

/** USD per coin summed exactly across its networks, largest first, for the valuation chart. */
export function valuationByCoin(rows: readonly BalanceRow[]): AssetValuation[] {
  const byCoin = new Map<string, (string | null)[]>();
  for (const row of rows) byCoin.set(row.coin, [...(byCoin.get(row.coin) ?? []), row.usd]);
  return [...byCoin]
    .map(([coin, values]) => ({ coin: coin.toUpperCase(), usd: addDecimals(values) }))
    .sort((a, b) => compareDecimal(b.usd, a.usd));
}
