import DecimalJs from 'decimal.js';
import {
  compareParts,
  decimalParts,
  plainFromScaled,
  isZeroParts,
  sumDecimalStrings,
  type DecimalParts,
} from './digits';
import { DECIMAL_STRING, SIGNED_DECIMAL } from './rules';

/**
 * Money is a decimal string from the wire to the screen. These helpers do the few comparisons and sums
 * the app needs with exact decimal arithmetic; nothing here ever goes through a binary float.
 */
const Decimal = DecimalJs.clone({
  precision: 80,
  toExpNeg: -80,
  toExpPos: 80,
  rounding: DecimalJs.ROUND_DOWN,
});

export class DecimalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DecimalError';
  }
}

export function isDecimalString(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL_STRING.test(value);
}

const notDecimal = (value: unknown, label = 'amount') =>
  new DecimalError(`${label} must be a decimal string such as "12.50", got ${JSON.stringify(value)}`);

function parse(value: string, label = 'amount'): DecimalJs {
  // Signed values appear in sums (a balance moving down); the wire format itself is unsigned.
  if (typeof value !== 'string' || !SIGNED_DECIMAL.test(value)) throw notDecimal(value, label);
  return new Decimal(value);
}

/** Strict: throws for a value that is not a decimal string (main never guesses what an amount is). */
function strictParts(value: string, label = 'amount'): DecimalParts {
  const parts = typeof value === 'string' ? decimalParts(value) : null;
  if (!parts) throw notDecimal(value, label);
  return parts;
}

export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  return compareParts(strictParts(a), strictParts(b));
}

export function isAtLeast(value: string, minimum: string): boolean {
  return compareDecimal(value, minimum) >= 0;
}

export function isZero(value: string): boolean {
  return isZeroParts(strictParts(value));
}

/** Digits after the dot as written ("1.50" has 2): what the network's `decimals` limits. */
export function decimalPlaces(value: string): number {
  parse(value);
  const dot = value.indexOf('.');
  return dot === -1 ? 0 : value.length - dot - 1;
}

export function fitsDecimals(value: string, decimals: number): boolean {
  return decimalPlaces(value) <= decimals;
}

/** Plain (never exponential) string without trailing zeros after the dot. */
function toPlain(value: DecimalJs): string {
  const text = value.toFixed();
  return text === '-0' ? '0' : text;
}

export function addDecimal(...values: string[]): string {
  return sumDecimal(values);
}

/**
 * The exact sum of any number of decimal strings (a year of movements: no argument-list limit). On
 * the digits, in BigInt: a reconciliation adds tens of thousands per view, and one Decimal object per
 * value made that several times slower. Exact at any length, written as toPlain writes.
 */
export function sumDecimal(values: Iterable<string>): string {
  const { units, scale } = sumDecimalStrings(values, (value) => {
    throw notDecimal(value);
  });
  return plainFromScaled(units, scale);
}

export function subtractDecimal(a: string, b: string): string {
  return toPlain(parse(a).minus(parse(b)));
}

export function multiplyDecimal(a: string, b: string): string {
  return toPlain(parse(a).times(parse(b)));
}

/** a / b rounded down to `places` digits (used for crypto amounts from USD at a rate). */
export function divideDecimal(a: string, b: string, places: number): string {
  const divisor = parse(b);
  if (divisor.isZero()) throw new DecimalError('division by zero');
  return toPlain(parse(a).dividedBy(divisor).toDecimalPlaces(places, DecimalJs.ROUND_DOWN));
}

/** Rounds down to `places` digits: never shows more money than there is. */
export function roundDown(value: string, places: number): string {
  return toPlain(parse(value).toDecimalPlaces(places, DecimalJs.ROUND_DOWN));
}

/** Percentage of an amount, e.g. percentOf("200", "1.5") === "3". */
export function percentOf(amount: string, percent: string): string {
  return toPlain(parse(amount).times(parse(percent)).dividedBy(100));
}
