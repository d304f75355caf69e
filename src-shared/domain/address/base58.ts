import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { COPY_AGAIN } from './types';

/** Base58Check as Bitcoin defines it (also used by Tron): payload then 4 bytes of double SHA-256. */
const base58check = createBase58check(sha256);

/** Base58 leaves out 0, O, I and l so that no two characters look alike. */
const BASE58_CHAR = /[1-9A-HJ-NP-Za-km-z]/;

/** Why `text` cannot be base58 at all (a character outside the alphabet), or null. */
export function base58CharacterProblem(text: string): string | null {
  for (const ch of text) {
    if (!BASE58_CHAR.test(ch))
      return `The address contains "${ch}", which never appears in this kind of address (the digit 0, capital O, capital I and small l are left out because they look alike). ${COPY_AGAIN}`;
  }
  return null;
}

/** The payload (version byte included) when the checksum holds, otherwise null. */
export function decodeBase58check(text: string): Uint8Array | null {
  try {
    return base58check.decode(text);
  } catch {
    return null;
  }
}

/** The inverse, for tests and for building the examples in messages; never used to reshape input. */
export function encodeBase58check(payload: Uint8Array): string {
  return base58check.encode(payload);
}
