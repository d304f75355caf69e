/**
 * The result of checking a withdrawal address before anything is sent. Pure data, so main (which must
 * refuse before journaling) and the renderer form (which checks as you type) read the same verdict.
 */

/** How a valid address was written, which says what protected it against typing mistakes. */
export type AddressFormat =
  /** Bitcoin SegWit v0 (BIP-173): bc1q… */
  | 'bech32'
  /** Bitcoin SegWit v1, Taproot (BIP-350): bc1p… */
  | 'bech32m'
  /** Bitcoin legacy 1…/3… and Tron T…: base58 with a 4-byte double-SHA-256 checksum. */
  | 'base58check'
  /** EVM hex whose capital letters carry the EIP-55 checksum. */
  | 'eip55'
  /** EVM hex in one case only: the EIP-55 checksum is absent, so nothing was verified. */
  | 'hex'
  /** TON user-friendly form: 36 bytes in base64/base64url with a CRC16. */
  | 'ton-friendly'
  /** TON raw form `workchain:hex`: no checksum at all. */
  | 'ton-raw';

export type AddressCheck =
  | {
      status: 'valid';
      format: AddressFormat;
      /** Plain facts about the address, for display (for example "Taproot address"). */
      notes: string[];
      /**
       * Doubts a person should weigh before confirming (no checksum to verify, an unusual kind of
       * address). They do not block; the review step shows them beside the address.
       */
      warnings: string[];
    }
  /** Must not be sent: `reason` says what is wrong and what to do, in words a finance user reads. */
  | { status: 'invalid'; reason: string }
  /** A network whose address format the desk does not know: a warning, never a block. */
  | { status: 'unchecked'; reason: string };

export const valid = (
  format: AddressFormat,
  notes: string[] = [],
  warnings: string[] = [],
): AddressCheck => ({ status: 'valid', format, notes, warnings });

export const invalid = (reason: string): AddressCheck => ({ status: 'invalid', reason });

/** The sentence every checksum failure ends with: the fix is always to copy it again, not to guess. */
export const COPY_AGAIN = 'Copy the address again from its source.';

export const checksumMismatch = (): AddressCheck =>
  invalid(`The checksum does not match: a character is probably mistyped. ${COPY_AGAIN}`);
