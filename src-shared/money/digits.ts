import { SIGNED_DECIMAL } from './rules';

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

/** A decimal as a scaled integer: value = units / 10^scale. */
export interface Scaled {
  units: bigint;
  scale: number;
}

export function toScaled(parts: DecimalParts): Scaled {
  const digits = BigInt(parts.integer + parts.fraction);
  return { units: parts.negative ? -digits : digits, scale: parts.fraction.length };
}

export function rescale(value: Scaled, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
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
