import { compareDecimal } from '@shared/money/display';

/**
 * The value axis of the balance history: from zero to a little above the highest point. Recharts'
 * "auto" fitted the axis to the points, so a $7 move on $10,000 filled the whole chart and read as a
 * crash; from zero, a line's height is its share of the total. (Plain numbers: geometry only.)
 */
export function historyDomain(values: readonly number[]): [number, number] {
  const high = Math.max(0, ...values.filter(Number.isFinite));
  return [0, high === 0 ? 1 : roundUp(high * 1.05)];
}

/**
 * Up to two significant digits (12,962.28 -> 13,000): the axis's top is one of its tick labels, and
 * an exact one ($12,345.7465) was wider than the axis and showed cut at its left.
 */
function roundUp(value: number): number {
  const step = 10 ** (Math.floor(Math.log10(value)) - 1);
  // toPrecision drops float dust (0.53 * 1 = 0.5300000000000001) from the label.
  return Number((Math.ceil(value / step) * step).toPrecision(3));
}

/** The lowest and highest total seen, as exact decimal strings, for the words beside the chart. */
export function historyRange(totals: readonly string[]): { low: string; high: string } | null {
  if (totals.length === 0) return null;
  let low = totals[0]!;
  let high = totals[0]!;
  for (const t of totals) {
    if (compareDecimal(t, low) < 0) low = t;
    if (compareDecimal(t, high) > 0) high = t;
  }
  return { low, high };
}
