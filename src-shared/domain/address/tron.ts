import { base58CharacterProblem, decodeBase58check } from './base58';
import { checksumMismatch, COPY_AGAIN, invalid, valid, type AddressCheck } from './types';

/**
 * Tron addresses: base58check of a 21-byte payload whose first byte is 0x41, which is why every one
 * starts with T and has 34 characters. Tron's test networks use the same form, so a test-network
 * address cannot be told apart here: the recipient's word is the only check.
 */

const TRON_VERSION = 0x41;

export function checkTron(address: string): AddressCheck {
  if (/^41[0-9a-fA-F]{40}$/.test(address))
    return invalid(
      'This is the hexadecimal form of a Tron address. Use the form that starts with T (a block explorer shows both).',
    );
  if (!address.startsWith('T'))
    return invalid(
      'A Tron address starts with a capital T. Check that you copied the whole address and chose the right network.',
    );
  const badChar = base58CharacterProblem(address);
  if (badChar) return invalid(badChar);
  if (address.length !== 34)
    return invalid(
      `The address is ${address.length} characters long; a Tron address has exactly 34. A character is missing or extra. ${COPY_AGAIN}`,
    );
  const payload = decodeBase58check(address);
  if (!payload) return checksumMismatch();
  if (payload.length !== 21 || payload[0] !== TRON_VERSION)
    return invalid(`This is not a Tron address (its content is not a Tron account). ${COPY_AGAIN}`);
  // The all-zero account (T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb) is Tron's published "black hole".
  if (payload.subarray(1).every((b) => b === 0))
    return invalid(
      "This is Tron's black-hole address: coins sent to it are destroyed, not received by anyone. Ask the recipient for their address.",
    );
  return valid('base58check');
}
