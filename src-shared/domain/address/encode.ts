import { base64, base64url, bech32, bech32m, hex } from '@scure/base';
import { encodeBase58check } from './base58';
import { crc16Xmodem } from './crc16';
import { eip55 } from './evm';

/**
 * Valid addresses built from raw bytes: the sandbox's play-money deposit addresses (so a rehearsal
 * withdrawal to one passes the same checks as a real address) and the property tests. Never used to
 * derive anything from a key: these bytes are random, nobody holds a key for them.
 */

export const encodeSegwit = (version: number, program: Uint8Array): string =>
  (version === 0 ? bech32 : bech32m).encode('bc', [version, ...bech32.toWords(program)]);

export const encodeBase58Address = (version: number, hash20: Uint8Array): string =>
  encodeBase58check(Uint8Array.of(version, ...hash20));

export const encodeEvm = (bytes20: Uint8Array): string => `0x${eip55(hex.encode(bytes20))}`;

export function encodeTonFriendly(
  flags: number,
  workchain: number,
  account: Uint8Array,
  urlSafe = true,
): string {
  const body = Uint8Array.of(flags, workchain & 0xff, ...account);
  const crc = crc16Xmodem(body);
  return (urlSafe ? base64url : base64).encode(Uint8Array.of(...body, crc >> 8, crc & 0xff));
}

const TRON_VERSION = 0x41;
const TON_NON_BOUNCEABLE = 0x51;

/** A valid mainnet address of the network's family from `bytes(n)`; EVM form for networks not listed. */
export function addressFromBytes(network: string, bytes: (length: number) => Uint8Array): string {
  switch (network.toLowerCase()) {
    case 'bitcoin':
      return encodeSegwit(0, bytes(20));
    case 'tron':
      return encodeBase58Address(TRON_VERSION, bytes(20));
    case 'ton':
      // Non-bounceable: the form wallets show for receiving.
      return encodeTonFriendly(TON_NON_BOUNCEABLE, 0, bytes(32));
    default:
      return encodeEvm(bytes(20));
  }
}
