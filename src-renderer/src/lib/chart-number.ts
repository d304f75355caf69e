/**
 * The one place a decimal string becomes a float: chart geometry (bar heights, sparkline points).
 * A float is fine for where a pixel lands; it is never shown as a figure or used in a sum.
 */
export function decimalToChartNumber(value: string | null | undefined): number {
  if (typeof value !== 'string') return 0;
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
}
