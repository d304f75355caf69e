import { keccak_256 } from '@noble/hashes/sha3.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { COPY_AGAIN, invalid, valid, type AddressCheck } from './types';

/**
 * EVM addresses (Ethereum and the chains that copy its accounts): 0x and 40 hex digits. The only
 * checksum is EIP-55's: which letters are capitals, taken from the Keccak-256 hash of the lowercase hex.
 */

/** The EIP-55 spelling of 40 hex digits (without 0x): letter i is a capital when hash nibble i is 8 or more. */
export function eip55(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = keccak_256(utf8ToBytes(lower));
  let out = '';
  for (let i = 0; i < lower.length; i++) {
    const byte = hash[i >> 1] ?? 0;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    out += nibble >= 8 ? lower.charAt(i).toUpperCase() : lower.charAt(i);
  }
  return out;
}

export function checkEvm(address: string, networkLabel: string): AddressCheck {
  if (!address.startsWith('0x'))
    return invalid(
      `An address on ${networkLabel} starts with "0x" (zero, small x). Check that you copied the whole address and chose the right network.`,
    );
  const hex = address.slice(2);
  const badChar = Array.from(hex).find((ch) => !/[0-9a-fA-F]/.test(ch));
  if (badChar !== undefined)
    return invalid(
      `The address contains "${badChar}"; after "0x" only the digits 0–9 and the letters a–f can appear. ${COPY_AGAIN}`,
    );
  if (hex.length !== 40)
    return invalid(
      `The address has ${hex.length} characters after "0x"; it needs exactly 40. A character is missing or extra. ${COPY_AGAIN}`,
    );
  if (/^0+$/.test(hex))
    return invalid(
      'This is the zero address: coins sent to it are destroyed, not received by anyone. Ask the recipient for their address.',
    );
  const sameChain = `The same address exists on every EVM network: make sure the recipient expects these coins on ${networkLabel}.`;
  // With no letter a–f there is no case to carry a checksum; "verified" would be untrue.
  const hasLetters = /[a-fA-F]/.test(hex);
  if (hasLetters && hex === eip55(hex)) return valid('eip55', ['Checksum (EIP-55) verified.', sameChain]);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase())
    return valid(
      'hex',
      [sameChain],
      [
        'This address is written without the capital-letter checksum (EIP-55), so a mistyped character cannot be detected. Compare it with its source, group by group.',
      ],
    );
  return invalid(
    `The capital and small letters do not match this address's checksum (EIP-55): a character is probably mistyped or its case was changed. ${COPY_AGAIN}`,
  );
}
