import type { BalanceRow } from '@contract';
import { addDecimals, compareDecimal, isDecimal } from '@shared/money/display';

const SHOWN = ['coin', 'network', 'balance', 'frozen', 'available', 'usd'] as const;
const SHOWN_NAMES = new Set<string>(SHOWN);
/** The valuation rate's likely names; the spec does not fix one. */
const RATE_NAMES = ['usd_rate', 'rate_usd', 'usd_price', 'price_usd', 'rate', 'price'];

/** The USD rate the service valued this row at, when it sent one as a decimal string. */
export function usdRateOf(row: BalanceRow): { key: string; value: string } | null {
  const byLower = new Map(Object.keys(row.raw).map((k) => [k.toLowerCase(), k]));
  for (const name of RATE_NAMES) {
    const key = byLower.get(name);
    const value = key === undefined ? undefined : row.raw[key];
    if (key !== undefined && isDecimal(value)) return { key, value };
  }
  return null;
}

/**
 * The record's fields the table does not already show. The spec does not name every field, so a key is
 * treated as shown only if it is one of ours, the rate shown beside the coin, or carries the same value
 * as the column it is named after (e.g. "usd_value": "12.30" when the USD column shows 12.30).
 */
export function extraFields(row: BalanceRow): Record<string, unknown> {
  const rateKey = usdRateOf(row)?.key;
  const extras: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row.raw)) {
    const lower = key.toLowerCase();
    if (SHOWN_NAMES.has(lower) || key === rateKey) continue;
    const duplicate = SHOWN.some((field) => lower.includes(field) && value === row[field]);
    if (!duplicate) extras[key] = value;
  }
  return extras;
}

const isZero = (value: string | null) => value === null || compareDecimal(value, '0') === 0;

/** Nothing held and nothing frozen: folded away by default so the rows with money stand out. */
export function isEmptyBalance(row: BalanceRow): boolean {
  return isZero(row.balance) && isZero(row.frozen) && isZero(row.available);
}

export interface CoinGroup {
  coin: string;
  rows: BalanceRow[];
  /** Exact sums across the coin's networks, in the coin's own unit. */
  balance: string;
  frozen: string;
  available: string;
  usd: string;
  /** The rate used for the valuation (the first network that reports one). */
  usdRate: string | null;
}

/** Rows grouped by coin, in the order the service sent them, with per-coin subtotals. */
export function groupByCoin(rows: readonly BalanceRow[]): CoinGroup[] {
  const byCoin = new Map<string, BalanceRow[]>();
  for (const row of rows) byCoin.set(row.coin, [...(byCoin.get(row.coin) ?? []), row]);
  return [...byCoin].map(([coin, list]) => ({
    coin,
    rows: list,
    balance: addDecimals(list.map((r) => r.balance)),
    frozen: addDecimals(list.map((r) => r.frozen)),
    available: addDecimals(list.map((r) => r.available)),
    usd: addDecimals(list.map((r) => r.usd)),
    usdRate: list.map(usdRateOf).find((r) => r !== null)?.value ?? null,
  }));
}

export interface AssetValuation {
  coin: string;
  usd: string;
}

/** USD per coin summed exactly across its networks, largest first, for the valuation chart. */
export function valuationByCoin(rows: readonly BalanceRow[]): AssetValuation[] {
  return groupByCoin(rows)
    .map((g) => ({ coin: g.coin.toUpperCase(), usd: g.usd }))
    .sort((a, b) => compareDecimal(b.usd, a.usd));
}
