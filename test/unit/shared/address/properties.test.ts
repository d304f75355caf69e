import fc from 'fast-check';
import { describe, it } from 'vitest';
import { checkAddress } from '@shared/domain/address';
import { base58, evm, PRINTABLE, segwit, substitute, tonFriendly } from './builders';

/**
 * Properties over generated addresses (the published vectors are in the per-network files): every
 * generated address is valid, and no single substituted character makes a valid address of it.
 * Known exceptions, each asserted precisely rather than skipped:
 * - TON: "-"/"+" and "_"/"/" are the same base64 digit, so swapping one re-spells the same address.
 * - EIP-55: flipping the case of the only capital (or only small) letter leaves a one-case address,
 *   which EIP-55 cannot check; it is then accepted as 'hex' with its no-checksum warning, never as
 *   verified. A change of value can pass EIP-55 by chance (0.0247% by EIP-55's own count), so for
 *   EVM only case flips are a property; evm.test.ts checks every substitution of the EIP-55 vectors.
 */

const bytes = (length: number) => fc.uint8Array({ minLength: length, maxLength: length });
const nonZero = (length: number) => bytes(length).filter((b) => b.some((x) => x !== 0));

const FAMILIES: [string, string, fc.Arbitrary<string>][] = [
  ['bech32 P2WPKH', 'bitcoin', bytes(20).map((b) => segwit(0, b))],
  ['bech32 P2WSH', 'bitcoin', bytes(32).map((b) => segwit(0, b))],
  ['bech32m Taproot', 'bitcoin', bytes(32).map((b) => segwit(1, b))],
  ['base58check P2PKH', 'bitcoin', bytes(20).map((b) => base58(0x00, b))],
  ['base58check P2SH', 'bitcoin', bytes(20).map((b) => base58(0x05, b))],
  ['base58check Tron', 'tron', nonZero(20).map((b) => base58(0x41, b))],
  ['TON bounceable', 'ton', bytes(32).map((b) => tonFriendly(0x11, 0, b))],
  ['TON non-bounceable, standard base64', 'ton', bytes(32).map((b) => tonFriendly(0x51, 0, b, false))],
];

const typo = (address: fc.Arbitrary<string>) =>
  fc
    .tuple(address, fc.nat(), fc.constantFrom(...PRINTABLE))
    .map(([original, n, ch]) => ({ original, index: n % original.length, ch }))
    .filter(({ original, index, ch }) => original.charAt(index) !== ch);

const urlSafe = (text: string) => text.replaceAll('+', '-').replaceAll('/', '_');

describe.each(FAMILIES)('%s', (_name, network, address) => {
  it('a generated address is valid', () => {
    fc.assert(fc.property(address, (a) => checkAddress(network, a).status === 'valid'));
  });

  it('a single substituted character is never valid', () => {
    fc.assert(
      fc.property(typo(address), ({ original, index, ch }) => {
        const changed = substitute(original, index, ch);
        const result = checkAddress(network, changed);
        if (network === 'ton' && result.status === 'valid') return urlSafe(changed) === urlSafe(original);
        return result.status === 'invalid';
      }),
      { numRuns: 500 },
    );
  });
});

describe('EVM (EIP-55)', () => {
  // Addresses with at least one letter: with none there is no case to flip.
  const address = nonZero(20)
    .map(evm)
    .filter((a) => /[a-fA-F]/.test(a.slice(2)));

  it('a generated address is valid and verified', () => {
    fc.assert(fc.property(address, (a) => checkAddress('eth', a).status === 'valid'));
  });

  it('flipping the case of any one letter is never reported as verified', () => {
    fc.assert(
      fc.property(address, fc.nat(), (a, n) => {
        const letters = [...a.slice(2).matchAll(/[a-fA-F]/g)].map((m) => m.index + 2);
        const i = letters[n % letters.length]!;
        const ch = a.charAt(i);
        const flipped = substitute(a, i, ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase());
        const result = checkAddress('eth', flipped);
        const hex = flipped.slice(2);
        if (hex === hex.toLowerCase() || hex === hex.toUpperCase())
          return result.status === 'valid' && result.format === 'hex' && result.warnings.length === 1;
        return result.status === 'invalid';
      }),
      { numRuns: 500 },
    );
  });
});
