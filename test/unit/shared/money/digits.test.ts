import { describe, expect, it } from 'vitest';
import { decimalParts, plainFromScaled, rescale, toScaled } from '@shared/money/digits';

const scaled = (value: string) => toScaled(decimalParts(value)!);

describe('money digits: scaled integers', () => {
  it('rescales up exactly and down by truncating toward zero (never more money)', () => {
    expect(rescale(scaled('12.5'), 6)).toBe(12_500_000n);
    expect(rescale(scaled('1.239'), 2)).toBe(123n);
    expect(rescale(scaled('-1.239'), 2)).toBe(-123n);
    expect(rescale(scaled('0.009'), 2)).toBe(0n);
  });

  it('writes units back plainly, without trailing zeros or "-0"', () => {
    expect(plainFromScaled(12_500_000n, 6)).toBe('12.5');
    expect(plainFromScaled(1_000n, 3)).toBe('1');
    expect(plainFromScaled(-5n, 3)).toBe('-0.005');
    expect(plainFromScaled(0n, 4)).toBe('0');
    expect(plainFromScaled(120n, 0)).toBe('120');
  });
});
