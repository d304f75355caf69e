import { SIGNED_DECIMAL } from './decimal-rules';

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
  return { negative: match[1] === '-', integer: match[2]!.replace(/^0+(?=\d)/, ''), fraction: match[3] ?? '' };
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

/** The exact sum, at the finest scale among the values ("1.50" + "1" is 250 hundredths). */
export function sumParts(values: readonly DecimalParts[]): Scaled {
  let scale = 0;
  for (const v of values) if (v.fraction.length > scale) scale = v.fraction.length;
  let units = 0n;
  // Padding the digits is one BigInt per value; rescaling each would be three.
  for (const v of values) units += BigInt((v.negative ? '-' : '') + v.integer + v.fraction.padEnd(scale, '0'));
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
