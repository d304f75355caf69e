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
