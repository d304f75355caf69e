import type { AssetPair, RateRow, RatesSnapshot, RatesTick } from '@contract';
import { RATE_HISTORY_POINTS } from '@shared/rate-history';
import { compareParts, parseDecimal, percentChange, type DecimalParts } from '@shared/money/display';
import { roundPrice } from '../lib/price-format';

/** One asset as the table shows it, with its derived figures computed once per change, not per render. */
export interface RateView {
  symbol: string;
  name: string;
  type: string;
  usdPrice: string | null;
  /** The price rounded to a sensible precision for the table; the exact one stays in usdPrice. */
  shownPrice: string | null;
  openPrice: string | null;
  /** Percent change since the app started (main's first price this session): "+2.50", "-0.33", or null. */
  change: string | null;
  pairs: readonly AssetPair[];
  spark: readonly string[];
  /** Lower-cased symbol, name and network codes, for search without re-lowering every keystroke. */
  searchText: string;
}

export type SortKey = 'symbol' | 'name' | 'price' | 'change';
export type SortDirection = 'ascending' | 'descending';
export interface SortState {
  key: SortKey;
  direction: SortDirection;
}

const EMPTY: readonly string[] = [];

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const PAIR_KEYS = [
  'coin',
  'network',
  'networkName',
  'depositEnabled',
  'withdrawEnabled',
  'minDeposit',
  'minWithdrawal',
  'maxWithdrawal',
  'networkFee',
  'decimals',
  'serviceFeePercent',
  'inCatalog',
] as const satisfies readonly (keyof AssetPair)[];

function samePairs(a: readonly AssetPair[], b: readonly AssetPair[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (!x || !y) return false;
    for (const k of PAIR_KEYS) if (x[k] !== y[k]) return false;
  }
  return true;
}

/**
 * The view for `row`, reusing `previous` (same object) when nothing the table shows has changed, so
 * memoised rows skip rendering. Cost is linear in the row's pairs and history: O(n) per tick overall.
 */
export function toRateView(
  row: RateRow,
  history: readonly string[] | undefined,
  previous: RateView | undefined,
): RateView {
  const spark =
    previous && sameStrings(previous.spark, history ?? EMPTY) ? previous.spark : (history ?? EMPTY);
  if (
    previous &&
    previous.spark === spark &&
    previous.usdPrice === row.usdPrice &&
    previous.openPrice === row.openPrice &&
    previous.name === row.name &&
    previous.type === row.type &&
    samePairs(previous.pairs, row.pairs)
  ) {
    return previous;
  }
  // A price tick usually changes only the price: keep the parts that did not change.
  const pairs = previous && samePairs(previous.pairs, row.pairs) ? previous.pairs : row.pairs;
  const samePrices = previous && previous.usdPrice === row.usdPrice && previous.openPrice === row.openPrice;
  return {
    symbol: row.symbol,
    name: row.name,
    type: row.type,
    usdPrice: row.usdPrice,
    shownPrice: samePrices ? previous.shownPrice : row.usdPrice === null ? null : roundPrice(row.usdPrice),
    openPrice: row.openPrice,
    change: samePrices ? previous.change : percentChange(row.usdPrice, row.openPrice),
    pairs,
    spark,
    searchText:
      previous && previous.pairs === pairs && previous.name === row.name
        ? previous.searchText
        : [row.symbol, row.name, ...row.pairs.map((p) => `${p.network} ${p.networkName ?? ''}`)]
            .join(' ')
            .toLowerCase(),
  };
}

/** Views for a whole snapshot; returns `previousRows` itself when every row is unchanged. */
export function mergeSnapshot(snapshot: RatesSnapshot, previousRows: readonly RateView[]): RateView[] {
  return mergeRows(snapshot.rows, previousRows, (row) => snapshot.history[row.symbol]);
}

/**
 * Views for a tick, which carries no history: a new poll (`newPoll`) adds each row's price to the end
 * of its sparkline, bounded as main bounds it; any other tick (a pause, an error) keeps the lines.
 */
export function mergeTick(tick: RatesTick, previousRows: readonly RateView[], newPoll: boolean): RateView[] {
  return mergeRows(tick.rows, previousRows, (row, previous) => {
    const line = previous?.spark ?? EMPTY;
    if (!newPoll || row.usdPrice === null) return line;
    // One new array per asset and poll (a slice and a spread made two, times every asset, each second).
    const extended = line.slice(Math.max(0, line.length + 1 - RATE_HISTORY_POINTS));
    extended.push(row.usdPrice);
    return extended;
  });
}

function mergeRows(
  next: readonly RateRow[],
  previousRows: readonly RateView[],
  historyOf: (row: RateRow, previous: RateView | undefined) => readonly string[] | undefined,
): RateView[] {
  // Main lists the assets in the same order every tick, so the view at the same place is nearly
  // always this asset's: the map by symbol is built only when one is not.
  let bySymbol: Map<string, RateView> | null = null;
  let changed = next.length !== previousRows.length;
  const rows = next.map((row, i) => {
    let previous = previousRows[i];
    if (previous?.symbol !== row.symbol) {
      bySymbol ??= new Map(previousRows.map((v) => [v.symbol, v]));
      previous = bySymbol.get(row.symbol);
    }
    const view = toRateView(row, historyOf(row, previous), previous);
    if (view !== previousRows[i]) changed = true;
    return view;
  });
  return changed ? rows : (previousRows as RateView[]);
}

/**
 * A decimal's sort key: its nearest double, exact enough to order almost every pair (rounding to a
 * double never reverses an order, it can only make two close values equal), with the parsed digits
 * to settle those ties exactly.
 */
interface NumberKey {
  approx: number;
  exact: DecimalParts | null;
}

function numberKey(value: string | null): NumberKey {
  const exact = parseDecimal(value);
  return { approx: exact ? Number(value) : NaN, exact };
}

function compareNumberKeys(a: NumberKey, b: NumberKey): number {
  return a.approx < b.approx ? -1 : a.approx > b.approx ? 1 : compareParts(a.exact, b.exact);
}

/**
 * Filter and sort; assets without a price sort last in both directions, ties break by symbol.
 * Sorting by a decimal reads each row's key once (O(n)) so the n log n comparisons compare numbers:
 * comparing the decimal strings parsed both at every comparison, which at 10 000 assets cost more
 * than the rest of a tick together.
 */
export function visibleRows(rows: readonly RateView[], query: string, sort: SortState): RateView[] {
  const needle = query.trim().toLowerCase();
  const filtered = needle ? rows.filter((v) => v.searchText.includes(needle)) : [...rows];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const bySymbol = (a: RateView, b: RateView) => a.symbol.localeCompare(b.symbol);
  if (sort.key === 'symbol' || sort.key === 'name') {
    const key = sort.key;
    return filtered.sort((a, b) => sign * a[key].localeCompare(b[key]) || bySymbol(a, b));
  }
  const field = sort.key === 'price' ? 'usdPrice' : 'change';
  const keyed = filtered.map((view) => ({ view, key: numberKey(view[field]) }));
  keyed.sort((a, b) => {
    const ma = a.key.exact === null;
    if (ma !== (b.key.exact === null)) return ma ? 1 : -1;
    return sign * compareNumberKeys(a.key, b.key) || bySymbol(a.view, b.view);
  });
  return keyed.map((k) => k.view);
}

/**
 * When a search finds an asset by one of its networks rather than by its symbol or name, the
 * networks that matched (display names), so the row can say why it is listed; empty otherwise.
 */
export function matchedNetworks(view: RateView, query: string): string[] {
  const needle = query.trim().toLowerCase();
  if (!needle || view.symbol.toLowerCase().includes(needle) || view.name.toLowerCase().includes(needle)) {
    return [];
  }
  return view.pairs
    .filter((p) => `${p.network} ${p.networkName ?? ''}`.toLowerCase().includes(needle))
    .map((p) => p.networkName ?? p.network);
}

/** Keep the previous array when the visible list is the same rows in the same order. */
export function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
