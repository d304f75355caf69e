import { bech32, bech32m } from '@scure/base';
import { base58CharacterProblem, decodeBase58check } from './base58';
import { checksumMismatch, COPY_AGAIN, invalid, valid, type AddressCheck } from './types';

/**
 * Bitcoin mainnet addresses: legacy base58check (P2PKH 1…, P2SH 3…) and native SegWit (bc1…), with
 * BIP-173 and BIP-350 read together: witness v0 must use the bech32 checksum, v1 and later bech32m.
 * Test-network addresses are refused outright: coins sent from a live account to them are lost.
 */

const TESTNET =
  'This is a Bitcoin test-network address, not a real (mainnet) one: coins sent to it would be lost. Ask the recipient for their Bitcoin mainnet address.';

/** Base58Check version bytes (Bitcoin Core chainparams). */
const P2PKH = 0x00;
const P2SH = 0x05;
const TESTNET_VERSIONS = new Set([0x6f, 0xc4]);

/** The bech32 alphabet: 32 characters, leaving out 1, b, i and o. */
const BECH32_DATA = /^[qpzry9x8gf2tvdw0s3jn54khce6mua7l]*$/;

export function checkBitcoin(address: string): AddressCheck {
  const lower = address.toLowerCase();
  if (lower.startsWith('bc1')) return checkSegwit(address, lower);
  if (lower.startsWith('tb1') || lower.startsWith('bcrt1')) return invalid(TESTNET);
  if (/^[13mn2]/.test(address)) return checkLegacy(address);
  return invalid(
    'A Bitcoin address starts with bc1, 1 or 3. Check that you copied the whole address and chose the right network.',
  );
}

function checkLegacy(address: string): AddressCheck {
  const badChar = base58CharacterProblem(address);
  if (badChar) return invalid(badChar);
  // A 21-byte payload plus 4 checksum bytes is 25 to 34 characters; 35 leaves room for a stray one.
  if (address.length < 25 || address.length > 35)
    return invalid(
      `The address is ${address.length} characters long; a Bitcoin address starting with 1 or 3 has 26 to 34. A character is missing or extra. ${COPY_AGAIN}`,
    );
  const payload = decodeBase58check(address);
  if (!payload) return checksumMismatch();
  const version = payload[0];
  if (payload.length !== 21 || version === undefined)
    return invalid(`This is not a Bitcoin address (its content has the wrong length). ${COPY_AGAIN}`);
  if (version === P2PKH) return valid('base58check', ['Legacy address (P2PKH).']);
  if (version === P2SH) return valid('base58check', ['Script address (P2SH).']);
  if (TESTNET_VERSIONS.has(version)) return invalid(TESTNET);
  return invalid(
    'This address has a valid checksum but belongs to another coin, not Bitcoin. Ask the recipient for their Bitcoin address.',
  );
}

function checkSegwit(address: string, lower: string): AddressCheck {
  if (address !== lower && address !== address.toUpperCase())
    return invalid(
      `The address mixes capital and small letters. A bc1 address is written all in small letters (or all in capitals): a letter was probably changed. ${COPY_AGAIN}`,
    );
  const data = lower.slice(3);
  if (!BECH32_DATA.test(data)) {
    const bad = Array.from(data).find((ch) => !BECH32_DATA.test(ch)) ?? '';
    return invalid(
      `The address contains "${bad}", which never appears after "bc1" (the characters 1, b, i and o are left out). ${COPY_AGAIN}`,
    );
  }
  if (lower.length < 14 || lower.length > 90)
    return invalid(
      `The address is ${lower.length} characters long; a bc1 address has 42 (bc1q…) or 62 (bc1q… or bc1p…). ${COPY_AGAIN}`,
    );
  // Exactly one of the two checksums can hold (BIP-350: a string is never valid as both).
  const asBech32 = bech32.decodeUnsafe(lower);
  const decoded = asBech32 ?? bech32m.decodeUnsafe(lower);
  if (!decoded) return checksumMismatch();
  const encoding = asBech32 ? 'bech32' : 'bech32m';
  const [version, ...programWords] = decoded.words;
  const program = bech32.fromWordsUnsafe(programWords);
  if (version === undefined || version > 16 || !program || program.length < 2 || program.length > 40)
    return invalid(
      `This is not a valid Bitcoin address: its checksum holds but its content is malformed. ${COPY_AGAIN}`,
    );
  if (version === 0) return checkV0(encoding, program.length, address !== lower);
  if (encoding === 'bech32')
    return invalid(
      `The checksum is of the old kind (bech32), which is not valid for a bc1p… or later address: a character is probably mistyped, or the address was made by outdated software. ${COPY_AGAIN}`,
    );
  if (version === 1 && program.length === 32)
    return valid('bech32m', ['Taproot address (SegWit v1).', ...capitals(address !== lower)]);
  // BIP-350 asks senders to accept every version 1–16 for forward compatibility. A desk that moves a
  // merchant's money does not: no wallet receives at these today, so coins sent there are lost. When
  // Bitcoin defines a new version, this line changes with it.
  return invalid(
    `This address uses a kind of Bitcoin address (SegWit version ${version}, ${program.length}-byte program) that no wallet uses today: coins sent to it would be lost. Ask the recipient for a current address (starting with bc1q or bc1p).`,
  );
}

function checkV0(encoding: 'bech32' | 'bech32m', length: number, upper: boolean): AddressCheck {
  if (encoding !== 'bech32')
    return invalid(
      `The checksum is of the new kind (bech32m), which is not valid for a bc1q… address: a character is probably mistyped. ${COPY_AGAIN}`,
    );
  if (length === 20) return valid('bech32', ['SegWit address (P2WPKH).', ...capitals(upper)]);
  if (length === 32) return valid('bech32', ['SegWit script address (P2WSH).', ...capitals(upper)]);
  return invalid(
    `This bc1q… address has the wrong length for its kind: a character is missing or extra. ${COPY_AGAIN}`,
  );
}

const capitals = (upper: boolean): string[] =>
  upper ? ['Written in capitals, as in some QR codes; that is allowed.'] : [];
