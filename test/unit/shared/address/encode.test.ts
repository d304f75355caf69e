import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAddress } from '@shared/domain/address';
import { addressFromBytes } from '@shared/domain/address/encode';
import { createRng } from '@main/sandbox/rng';
import { newAddress } from '@main/sandbox/state';

const NETWORKS = ['bitcoin', 'tron', 'ton', 'eth', 'bsc', 'polygon', 'arbitrum'];

describe('addresses built from bytes', () => {
  it('pass the same check a withdrawal gets, on every known network', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...NETWORKS),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        (network, seed) => {
          const address = addressFromBytes(network, (length) => seed.slice(0, length));
          const check = checkAddress(network, address);
          // An all-zero seed builds the burn address, which the check refuses on purpose.
          if (seed.every((b) => b === 0)) return;
          expect(check, `${network} ${address}`).toMatchObject({ status: 'valid' });
        },
      ),
      { seed: 7, numRuns: 300 },
    );
  });

  it('give the sandbox deposit addresses a rehearsal withdrawal can be sent to', () => {
    const rng = createRng({ rngState: 42 });
    for (const network of NETWORKS) {
      for (let i = 0; i < 20; i++)
        expect(checkAddress(network, newAddress(rng, network)).status).toBe('valid');
    }
  });
});
