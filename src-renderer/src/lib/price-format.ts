import { parseDecimal, roundDecimal, usdWritten } from '@shared/money/display';

/** Significant digits a price is shown to: enough to see a 0.01 % move on a stablecoin, no more. */
const SIGNIFICANT = 5;
const MAX_PLACES = 10;

/**
 * Decimals to show a USD price with: at least cents, about five significant digits, so
 * 67,234.12 / 1.0004 / 0.12346 / 0.000012346 — never 8 decimals on a 60,000-dollar coin.
 */
export function pricePlaces(value: string): number {
  const parts = parseDecimal(value);
  if (!parts) return 2;
  if (parts.integer !== '0') return Math.max(2, SIGNIFICANT - parts.integer.length);
  const zeros = /^0*/.exec(parts.fraction)?.[0].length ?? 0;
  if (zeros === parts.fraction.length) return 2; // the price is zero
  return Math.min(MAX_PLACES, Math.max(2, zeros + SIGNIFICANT));
}

/** The price rounded (half away from zero, exactly) to its sensible precision, unformatted. */
export function roundPrice(value: string): string {
  const places = pricePlaces(value);
  // Most ticks need no rounding at all: skip the big-integer work (500 prices a second).
  const parts = parseDecimal(value);
  if (parts && parts.fraction.length <= places)
    return `${value.trim()}${parts.fraction ? '' : '.'}${'0'.repeat(places - parts.fraction.length)}`;
  return roundDecimal(value, places) ?? value;
}

/** "$67,234.12", "$1.0004": a USD price at sensible precision; the exact figure goes in a title. */
export function formatPrice(value: string | null): string {
  if (value === null) return '—';
  const rounded = roundDecimal(value, pricePlaces(value));
  return rounded === null ? value : usdWritten(rounded);
}
