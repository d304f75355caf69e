import { DECIMAL_STRING, SIGNED_DECIMAL } from './rules';

/**
 * Decimal arithmetic on the digits themselves (string + BigInt), shared by main and the renderer where
 * both need the same exact result without a library: money never passes through a binary float, and a
 * sum of tens of thousands of amounts allocates one BigInt each instead of one decimal object each.
 */
export interface DecimalParts {
  negative: boolean;
  /** Digits before the dot, leading zeros removed ("0" stays "0"). */
  integer: string;
  /** Digits after the dot exactly as written (may be empty). */
  fraction: string;
}

/** The parts of a signed decimal string as written (no spaces, no exponent); null when it is not one. */
export function decimalParts(value: string): DecimalParts | null {
  const match = SIGNED_DECIMAL.exec(value);
  if (!match) return null;
  return {
    negative: match[1] === '-',
    integer: match[2]!.replace(/^0+(?=\d)/, ''),
    fraction: match[3] ?? '',
  };
}

export function isZeroParts(parts: DecimalParts): boolean {
  return /^0*$/.test(parts.integer + parts.fraction);
}

/**
 * The one comparison of two decimals, on the digits alone (no big integer is allocated: the rate
 * table sorts 500 prices on every tick). A value that could not be parsed sorts below any number.
 */
export function compareParts(pa: DecimalParts | null, pb: DecimalParts | null): -1 | 0 | 1 {
  if (!pa || !pb) return pa ? 1 : pb ? -1 : 0;
  const na = pa.negative && !isZeroParts(pa);
  const nb = pb.negative && !isZeroParts(pb);
  if (na !== nb) return na ? -1 : 1;
  const magnitude = compareMagnitude(pa, pb);
  return na ? ((-magnitude || 0) as -1 | 0 | 1) : magnitude;
}

function compareMagnitude(a: DecimalParts, b: DecimalParts): -1 | 0 | 1 {
  if (a.integer.length !== b.integer.length) return a.integer.length < b.integer.length ? -1 : 1;
  if (a.integer !== b.integer) return a.integer < b.integer ? -1 : 1;
  const width = Math.max(a.fraction.length, b.fraction.length);
  const fa = a.fraction.padEnd(width, '0');
  const fb = b.fraction.padEnd(width, '0');
  return fa === fb ? 0 : fa < fb ? -1 : 1;
}

/**
 * Exact `value >= minimum` for two NonNegativeDecimalStrings, so main and the renderer check a
 * minimum the same way. False when either is not one.
 */
export function isAtLeastDecimal(value: string, minimum: string): boolean {
  if (!DECIMAL_STRING.test(value) || !DECIMAL_STRING.test(minimum)) return false;
  return compareParts(decimalParts(value), decimalParts(minimum)) >= 0;
}

/** A decimal as a scaled integer: value = units / 10^scale. */
export interface Scaled {
  units: bigint;
  scale: number;
}

export function toScaled(parts: DecimalParts): Scaled {
  const digits = BigInt(parts.integer + parts.fraction);
  return { units: parts.negative ? -digits : digits, scale: parts.fraction.length };
}

/** The value in units of 10^-scale; dropping digits truncates toward zero (never more money). */
export function rescale(value: Scaled, scale: number): bigint {
  return scale >= value.scale
    ? value.units * 10n ** BigInt(scale - value.scale)
    : value.units / 10n ** BigInt(value.scale - scale);
}

/**
 * The exact sum of signed decimal strings, at the finest scale among them ("1.50" + "1" is 250
 * hundredths). A value that is not one goes to `unreadable` and is left out (unless that throws).
 */
export function sumDecimalStrings(values: Iterable<unknown>, unreadable: (value: unknown) => void): Scaled {
  // One running sum per number of decimals, so each value costs one BigInt; rescaled once at the end.
  const byScale: bigint[] = [];
  for (const value of values) {
    if (typeof value !== 'string' || !SIGNED_DECIMAL.test(value)) {
      unreadable(value);
      continue;
    }
    const dot = value.indexOf('.');
    const scale = dot < 0 ? 0 : value.length - dot - 1;
    const units = BigInt(dot < 0 ? value : value.slice(0, dot) + value.slice(dot + 1));
    byScale[scale] = (byScale[scale] ?? 0n) + units;
  }
  const scale = Math.max(0, byScale.length - 1);
  let units = 0n;
  byScale.forEach((sum, s) => (units += rescale({ units: sum, scale: s }, scale)));
  return { units, scale };
}

/** Written with exactly `scale` decimals; never "-0". */
export function fromScaled(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const integer = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative ? '-' : ''}${integer}${fraction}`;
}

/** Written plainly without trailing zeros after the dot: 12500000 at 6 is "12.5"; never "-0". */
export function plainFromScaled(units: bigint, scale: number): string {
  const text = fromScaled(units, scale);
  return scale > 0 ? text.replace(/\.?0+$/, '') : text;
}
