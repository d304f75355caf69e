import { describe, expect, it } from 'vitest';
import { holdOrder } from '@renderer/features/rates/held-order';
import { MIN_SPAN, sparkYs } from '@renderer/features/rates/spark-scale';
import { formatPrice, pricePlaces, roundPrice } from '@renderer/lib/price-format';
import { formatAge, formatAsOf } from '@renderer/lib/as-of';

describe('price precision', () => {
  it('shows cents on large prices and about five significant digits on small ones', () => {
    expect(formatPrice('67234.123456789')).toBe('$67,234.12');
    expect(formatPrice('3456.78912345')).toBe('$3,456.79');
    expect(formatPrice('1.00041234')).toBe('$1.0004');
    expect(formatPrice('0.123456789')).toBe('$0.12346');
    expect(formatPrice('0.0000123456789')).toBe('$0.000012346');
    expect(formatPrice('0')).toBe('$0.00');
    expect(formatPrice(null)).toBe('—');
  });

  it('rounds exactly on the digits, half away from zero, never through a float', () => {
    expect(roundPrice('0.1234550000000000001')).toBe('0.12346');
    expect(roundPrice('12345678901234567890.125')).toBe('12345678901234567890.13');
    expect(pricePlaces('0.00000000000001')).toBe(10);
    // Not a number: shown as written, not guessed at.
    expect(formatPrice('n/a')).toBe('n/a');
  });
});

describe('sparkline scale', () => {
  const height = 24;
  const range = (ys: number[]) => Math.max(...ys) - Math.min(...ys);

  it('draws a 0.05 % stablecoin wobble nearly flat', () => {
    const ys = sparkYs([1, 1.0005, 0.9998, 1.0003], height);
    expect(range(ys)).toBeLessThan((height - 4) * 0.05);
  });

  it('draws a 5 % drop across the full height, going down', () => {
    const ys = sparkYs([100, 98, 95], height);
    expect(range(ys)).toBeCloseTo(height - 4, 5);
    expect(ys[2]!).toBeGreaterThan(ys[0]!);
  });

  it('scales by relative move, so the same percent looks the same at any price', () => {
    const small = sparkYs([0.5, 0.505], height);
    const large = sparkYs([60000, 60600], height);
    small.forEach((y, i) => expect(y).toBeCloseTo(large[i]!, 6));
    expect(MIN_SPAN).toBeGreaterThan(0.005);
  });
});

describe('held order', () => {
  const v = (symbol: string, price: string) => ({ symbol, price });

  it('keeps rows where they were and swaps in fresh figures', () => {
    const shown = [v('btc', '1'), v('eth', '2'), v('ton', '3')];
    const next = [v('ton', '9'), v('btc', '8'), v('eth', '7')];
    expect(holdOrder(shown, next)).toEqual([v('btc', '8'), v('eth', '7'), v('ton', '9')]);
  });

  it('drops rows that went away and adds new ones at the end', () => {
    const shown = [v('btc', '1'), v('eth', '2')];
    const next = [v('sol', '5'), v('eth', '2')];
    expect(holdOrder(shown, next).map((r) => r.symbol)).toEqual(['eth', 'sol']);
  });
});

describe('as of', () => {
  it('says how old a figure is in words', () => {
    expect(formatAge(5_000)).toBe('just now');
    expect(formatAge(3 * 60_000 + 5_000)).toBe('3 min ago');
    expect(formatAge(3 * 3_600_000)).toBe('3 h ago');
    const at = new Date('2026-03-01T10:42:00').toISOString();
    expect(formatAsOf(at, Date.parse(at) + 180_000)).toBe('as of 10:42 (3 min ago)');
    expect(formatAsOf(null, 0)).toBe('not received yet');
  });
});

describe('price padding', () => {
  it('shows whole cents even when the service sent fewer digits', () => {
    expect(roundPrice('63993.6')).toBe('63993.60');
    expect(roundPrice('3')).toBe('3.0000');
    expect(roundPrice('1.0002')).toBe('1.0002');
  });
});
