/**
 * How a decimal is written, as plain regular expressions (no zod), so the renderer's display helpers
 * can use them without pulling a schema library into every screen. The zod schema for the wire is
 * built on DECIMAL_STRING in domain/wire.ts.
 */

/**
 * The longest decimal string the desk accepts or reads: far beyond any amount (30 integer digits and
 * 18 decimals fit twice over), and short enough that a million-digit "amount" is refused at the door
 * instead of being journaled, signed and sent.
 */
export const MAX_DECIMAL_LENGTH = 64;

/** The spec's NonNegativeDecimalString: digits, optionally a dot and digits. Money is never a number. */
export const DECIMAL_STRING = /^\d+(\.\d+)?$/;

/**
 * A decimal with an optional sign, as sums and changes produce ("-3.50", "+2.50"); never on the wire.
 * Groups: sign, integer digits, fraction digits.
 */
export const SIGNED_DECIMAL = /^([-+]?)(\d+)(?:\.(\d+))?$/;

/**
 * Exact `value >= minimum` for two NonNegativeDecimalStrings, on the digits alone (no float, no
 * library), so main and the renderer check a minimum the same way. False when either is not one.
 */
export function isAtLeastDecimal(value: string, minimum: string): boolean {
  if (!DECIMAL_STRING.test(value) || !DECIMAL_STRING.test(minimum)) return false;
  const split = (v: string) => {
    const [integer = '', fraction = ''] = v.split('.');
    return { integer: integer.replace(/^0+(?=\d)/, ''), fraction };
  };
  const a = split(value);
  const b = split(minimum);
  if (a.integer.length !== b.integer.length) return a.integer.length > b.integer.length;
  if (a.integer !== b.integer) return a.integer > b.integer;
  const width = Math.max(a.fraction.length, b.fraction.length);
  return a.fraction.padEnd(width, '0') >= b.fraction.padEnd(width, '0');
}
