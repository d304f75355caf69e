import { base64, base64url } from '@scure/base';
import { crc16Xmodem } from './crc16';
import { checksumMismatch, COPY_AGAIN, invalid, valid, type AddressCheck } from './types';

/**
 * TON addresses (TEP-2). The user-friendly form is 48 characters of base64 or base64url holding 36
 * bytes: a flag byte (0x11 bounceable, 0x51 non-bounceable, +0x80 test network only), the workchain
 * (0x00 basechain, 0xff masterchain), the 32-byte account, and a CRC16 of the first 34 bytes. The raw
 * form `workchain:64 hex` carries no checksum; it is accepted with a warning.
 */

const BOUNCEABLE = 0x11;
const NON_BOUNCEABLE = 0x51;
const TEST_ONLY = 0x80;
const BASECHAIN = 0x00;
const MASTERCHAIN = 0xff;

const RAW = /^(0|-1):[0-9a-fA-F]{64}$/;
const STANDARD = /^[A-Za-z0-9+/]{48}$/;
const URL_SAFE = /^[A-Za-z0-9_-]{48}$/;

const MASTERCHAIN_WARNING =
  'This is a masterchain address (workchain -1), used by validators and system contracts, not by ordinary wallets. Confirm it with the recipient.';

export function checkTon(address: string): AddressCheck {
  if (RAW.test(address)) {
    const notes = ['Raw form (workchain and account in hexadecimal).'];
    const warnings = [
      'The raw form has no checksum, so a mistyped character cannot be detected. Prefer the form starting with EQ or UQ, or compare this one with its source, group by group.',
    ];
    if (address.startsWith('-1:')) warnings.push(MASTERCHAIN_WARNING);
    return valid('ton-raw', notes, warnings);
  }
  if (address.length !== 48)
    return invalid(
      `The address is ${address.length} characters long; a TON address has 48 (usually starting with EQ or UQ). A character is missing or extra. ${COPY_AGAIN}`,
    );
  const coder = STANDARD.test(address) ? base64 : URL_SAFE.test(address) ? base64url : null;
  if (!coder) {
    const bad = Array.from(address).find((ch) => !/[A-Za-z0-9_-]/.test(ch));
    return invalid(
      bad === undefined || bad === '+' || bad === '/'
        ? `The address mixes "+" or "/" with "-" or "_"; a TON address uses one pair or the other. ${COPY_AGAIN}`
        : `The address contains "${bad}", which never appears in a TON address. ${COPY_AGAIN}`,
    );
  }
  const bytes = decode(coder, address);
  const crc = ((bytes?.[34] ?? 0) << 8) | (bytes?.[35] ?? 0);
  if (!bytes || bytes.length !== 36 || crc16Xmodem(bytes.subarray(0, 34)) !== crc) return checksumMismatch();
  const flags = bytes[0] ?? 0;
  const workchain = bytes[1];
  if (flags & TEST_ONLY)
    return invalid(
      'This is a TON test-network address, not a real (mainnet) one: coins sent to it would be lost. Ask the recipient for their TON mainnet address.',
    );
  if (flags !== BOUNCEABLE && flags !== NON_BOUNCEABLE)
    return invalid(`This is not a TON wallet address (its first characters are unknown). ${COPY_AGAIN}`);
  if (workchain !== BASECHAIN && workchain !== MASTERCHAIN)
    return invalid(`This TON address names a workchain that does not exist. ${COPY_AGAIN}`);
  const notes =
    flags === BOUNCEABLE
      ? [
          'Bounceable form (starts with E): if the recipient account is not active yet, the coins come back instead of arriving.',
        ]
      : [
          'Non-bounceable form (starts with U), usual for personal wallets: the coins arrive even if the wallet is not active yet.',
        ];
  return valid('ton-friendly', notes, workchain === MASTERCHAIN ? [MASTERCHAIN_WARNING] : []);
}

/** The alphabet was checked above, so this cannot fail today; a decoder change must not crash main. */
function decode(coder: typeof base64, text: string): Uint8Array | null {
  try {
    return coder.decode(text);
  } catch {
    return null;
  }
}
