import {
  compareParts,
  decimalParts,
  fromScaled,
  isZeroParts,
  rescale,
  sumDecimalStrings,
  toScaled,
  type DecimalParts,
} from './digits';
import { displaySymbols, groupWith } from './region';

/**
 * Money as the screens show it: formatting, rounding for display and lenient comparison, done on the
 * digits themselves (string + bigint, digits.ts). Money never passes through a binary float here:
 * "0.1" + "0.2" must stay exactly "0.3" and a price with 18 decimals must not be silently rounded.
 * The only float conversion lives in the renderer's chart-number.ts. Where an operation is also
 * main's (exact.ts) it has the same name and the same comparison; unlike main's, these never throw:
 * an unreadable value is shown as written and sorts first.
 */

export type { DecimalParts };

export function parseDecimal(value: string | null | undefined): DecimalParts | null {
  return typeof value === 'string' ? decimalParts(value.trim()) : null;
}

export function isDecimal(value: unknown): value is string {
  return typeof value === 'string' && parseDecimal(value) !== null;
}

/** "1234567" → "1,234,567": group separators on the integer digits only, in the Region's form. */
export function groupDigits(integer: string): string {
  return groupWith(integer, displaySymbols());
}

/**
 * "-1234.50" → "-1,234.50" (or "-1.234,50" in de-DE: the Region's symbols, the string's own digits).
 * Unparseable input is returned unchanged so nothing is hidden.
 */
export function formatDecimal(value: string): string {
  const parts = parseDecimal(value);
  if (!parts) return value;
  const s = displaySymbols();
  const sign = parts.negative && !isZeroParts(parts) ? s.minus : '';
  return sign + groupDigits(parts.integer) + (parts.fraction ? `${s.decimal}${parts.fraction}` : '');
}

/** Division rounded half away from zero, as people round money by hand. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (n * 2n + d) / (d * 2n);
  return negative ? -rounded : rounded;
}

/**
 * Exact comparison of two decimal strings, on the digits alone (no allocation of big integers: the rate
 * table sorts 500 prices on every tick). Unparseable values sort as smaller than any number.
 */
export function compareDecimal(a: string | null, b: string | null): -1 | 0 | 1 {
  return compareParts(parseDecimal(a), parseDecimal(b));
}

/** compareDecimal on values parsed once: a sort parses each value once, not at every comparison. */
export { compareParts };

/** Exact sum of decimal strings; unparseable values are skipped (the caller shows them as written). */
export function addDecimals(values: readonly (string | null)[]): string {
  const written = values.flatMap((v) => (typeof v === 'string' ? [v.trim()] : []));
  const { units, scale } = sumDecimalStrings(written, () => {});
  return fromScaled(units, scale);
}

/** Round to `places` decimals, half away from zero: "1.005" → "1.01" at 2 places. */
export function roundDecimal(value: string, places: number): string | null {
  const parts = parseDecimal(value);
  if (!parts) return null;
  const scaled = toScaled(parts);
  if (scaled.scale <= places) return fromScaled(rescale(scaled, places), places);
  return fromScaled(divideRounded(scaled.units, 10n ** BigInt(scaled.scale - places)), places);
}

/** "$1,234.57" — USD valuations shown to the cent; the exact figure stays in the title attribute. */
export function formatUsd(value: string | null): string {
  if (value === null) return '—';
  const rounded = roundDecimal(value, 2);
  return rounded === null ? value : usdWritten(rounded);
}

/**
 * A decimal string as a USD figure in the Region's form, its digits as given: "$1,234.5" here,
 * "1.234,5 $" in de-DE. The caller rounds first (formatUsd to the cent, prices to their precision).
 */
export function usdWritten(decimal: string): string {
  const s = displaySymbols();
  const text = formatDecimal(decimal);
  const negative = text.startsWith(s.minus) && decimal.trim().startsWith('-');
  const digits = negative ? text.slice(s.minus.length) : text;
  return `${negative ? s.minus : ''}${s.usdBefore}${digits}${s.usdAfter}`;
}

/**
 * Percent change from `from` to `to`, exact, rounded half away from zero to `places` decimals,
 * with an explicit sign: "+2.50", "-0.33", "0.00". Null when either is missing or `from` is zero.
 */
export function percentChange(to: string | null, from: string | null, places = 2): string | null {
  const pt = parseDecimal(to);
  const pf = parseDecimal(from);
  if (!pt || !pf) return null;
  const st = toScaled(pt);
  const sf = toScaled(pf);
  const scale = Math.max(st.scale, sf.scale);
  const current = rescale(st, scale);
  const base = rescale(sf, scale);
  if (base === 0n) return null;
  const scaledPercent = divideRounded((current - base) * 100n * 10n ** BigInt(places), base);
  const text = fromScaled(scaledPercent, places);
  return scaledPercent > 0n ? `+${text}` : text;
}

export interface AlignedDecimal {
  /** Grouped integer part with sign, e.g. "-1,234". */
  integer: string;
  /** Dot and the digits as written, e.g. ".5"; empty when there are none. */
  fraction: string;
  /** Invisible padding so every value in a column ends at the same decimal position. */
  padding: string;
}

/** Most digits after the dot among the values: the width a column pads every value to. */
export function maxFractionDigits(values: readonly (string | null)[]): number {
  return values.reduce((max, v) => Math.max(max, parseDecimal(v)?.fraction.length ?? 0), 0);
}

export function alignDecimal(value: string, fractionWidth: number): AlignedDecimal | null {
  const parts = parseDecimal(value);
  if (!parts) return null;
  const s = displaySymbols();
  const sign = parts.negative && !isZeroParts(parts) ? s.minus : '';
  const fraction = parts.fraction ? `${s.decimal}${parts.fraction}` : '';
  const missing = Math.max(0, fractionWidth - parts.fraction.length);
  const padding = missing === 0 ? '' : (parts.fraction ? '' : s.decimal) + '0'.repeat(missing);
  return { integer: sign + groupDigits(parts.integer), fraction, padding };
}
