/**
 * Seeded PRNG (mulberry32) whose state lives in the sandbox state, so ids and price walks are
 * reproducible for a seed and keep going where they stopped after a restart.
 */
export interface Rng {
  next(): number;
  int(maxExclusive: number): number;
  chars(alphabet: string, length: number): string;
}

export function createRng(holder: { rngState: number }): Rng {
  const next = (): number => {
    holder.rngState = (holder.rngState + 0x6d2b79f5) | 0;
    let t = holder.rngState;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (maxExclusive: number): number => Math.floor(next() * maxExclusive);
  const chars = (alphabet: string, length: number): string => {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[int(alphabet.length)] ?? '';
    return out;
  };
  return { next, int, chars };
}

export const HEX = '0123456789abcdef';
export const CODE = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
