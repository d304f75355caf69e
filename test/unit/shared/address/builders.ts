import { base64, base64url, bech32, bech32m, hex } from '@scure/base';
import { encodeBase58check } from '@shared/domain/address/base58';
import { crc16Xmodem } from '@shared/domain/address/crc16';
import { eip55 } from '@shared/domain/address/evm';

/**
 * Encoders for the tests only: they build valid addresses from raw bytes so properties can range over
 * many addresses, not just the published ones. The TON builder is itself checked against TON's
 * documentation (ton.test.ts) before the properties rely on it.
 */

export const segwit = (version: number, program: Uint8Array): string =>
  (version === 0 ? bech32 : bech32m).encode('bc', [version, ...bech32.toWords(program)]);

export const base58 = (version: number, hash20: Uint8Array): string =>
  encodeBase58check(Uint8Array.of(version, ...hash20));

export const evm = (bytes20: Uint8Array): string => `0x${eip55(hex.encode(bytes20))}`;

export function tonFriendly(flags: number, workchain: number, account: Uint8Array, urlSafe = true): string {
  const body = Uint8Array.of(flags, workchain & 0xff, ...account);
  const crc = crc16Xmodem(body);
  return (urlSafe ? base64url : base64).encode(Uint8Array.of(...body, crc >> 8, crc & 0xff));
}

/** The address with the character at `index` replaced by `ch`. */
export const substitute = (address: string, index: number, ch: string): string =>
  address.slice(0, index) + ch + address.slice(index + 1);

/** Printable ASCII, space included: every character a person could type or paste by mistake. */
export const PRINTABLE = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));
