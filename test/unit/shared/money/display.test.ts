import { describe, expect, it } from 'vitest';
import {
  addDecimals,
  alignDecimal,
  compareDecimal,
  formatDecimal,
  formatUsd,
  groupDigits,
  maxFractionDigits,
  percentChange,
  roundDecimal,
} from '@shared/money/display';

describe('grouping and formatting', () => {
  it('groups the integer digits only', () => {
    expect(groupDigits('1234567')).toBe('1,234,567');
    expect(groupDigits('123')).toBe('123');
    for (const [digits, grouped] of [
      ['', ''],
      ['1', '1'],
      ['1234', '1,234'],
      ['123456', '123,456'],
      ['0012345', '0,012,345'],
    ])
      expect(groupDigits(digits!)).toBe(grouped);
    expect(formatDecimal('1234567.1234567')).toBe('1,234,567.1234567');
    expect(formatDecimal('-1000.5')).toBe('-1,000.5');
    expect(formatDecimal('0001000')).toBe('1,000');
  });

  it('groups a pasted 100 000-digit number at once (issue 25: the page froze for ~35 s)', () => {
    const grouped = groupDigits('9'.repeat(100_000));
    expect(grouped.length).toBe(100_000 + 33_333);
    expect(grouped.startsWith('9,999,')).toBe(true);
  });

  it('keeps every digit of long amounts', () => {
    expect(formatDecimal('123456789012345678901234.000000000000000001')).toBe(
      '123,456,789,012,345,678,901,234.000000000000000001',
    );
  });

  it('returns unreadable text unchanged instead of hiding it', () => {
    expect(formatDecimal('n/a')).toBe('n/a');
    expect(formatDecimal('1e5')).toBe('1e5');
  });

  it('rounds USD to the cent half away from zero, exactly', () => {
    expect(roundDecimal('1.005', 2)).toBe('1.01');
    expect(roundDecimal('-1.005', 2)).toBe('-1.01');
    expect(roundDecimal('2.5', 0)).toBe('3');
    expect(roundDecimal('0.1', 2)).toBe('0.10');
    expect(formatUsd('1234567.899')).toBe('$1,234,567.90');
    expect(formatUsd(null)).toBe('—');
    expect(formatUsd('-0.004')).toBe('$0.00');
  });

  it('adds without float error', () => {
    expect(addDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(addDecimals(['1', null, '2.50', 'bad'])).toBe('3.50');
    expect(addDecimals([])).toBe('0');
  });
});

describe('decimal alignment', () => {
  it('pads every value in a column to the same fraction width', () => {
    const column = ['1234.5', '0.00012', '7', null];
    const width = maxFractionDigits(column);
    expect(width).toBe(5);
    expect(alignDecimal('1234.5', width)).toEqual({ integer: '1,234', fraction: '.5', padding: '0000' });
    expect(alignDecimal('0.00012', width)).toEqual({ integer: '0', fraction: '.00012', padding: '' });
    // No fraction at all: the padding includes the dot so the digits still line up.
    expect(alignDecimal('7', width)).toEqual({ integer: '7', fraction: '', padding: '.00000' });
    expect(alignDecimal('-12.25', 2)).toEqual({ integer: '-12', fraction: '.25', padding: '' });
    expect(alignDecimal('oops', 2)).toBeNull();
  });
});

describe('percent change, exact', () => {
  it('computes rises and falls with an explicit sign', () => {
    expect(percentChange('110', '100')).toBe('+10.00');
    expect(percentChange('90', '100')).toBe('-10.00');
    expect(percentChange('100', '100')).toBe('0.00');
    expect(percentChange('1', '3')).toBe('-66.67');
    expect(percentChange('2', '3')).toBe('-33.33');
  });

  it('handles prices whose float form would be off', () => {
    // 0.3 / 0.1 - 1 = 2 exactly (floats say 1.9999999999999996)
    expect(percentChange('0.3', '0.1')).toBe('+200.00');
    expect(percentChange('0.000000000000000002', '0.000000000000000001')).toBe('+100.00');
    expect(percentChange('64999.995', '65000')).toBe('0.00');
  });

  it('rounds half away from zero and is null when undefined', () => {
    expect(percentChange('100.005', '100', 3)).toBe('+0.005');
    expect(percentChange('1.00005', '1')).toBe('+0.01');
    expect(percentChange('0.99995', '1')).toBe('-0.01');
    expect(percentChange('1', '0')).toBeNull();
    expect(percentChange(null, '1')).toBeNull();
    expect(percentChange('1', 'abc')).toBeNull();
  });
});

describe('compareDecimal', () => {
  it('compares by value, not as text or floats', () => {
    expect(compareDecimal('10', '9.99')).toBe(1);
    expect(compareDecimal('0.1', '0.10')).toBe(0);
    expect(compareDecimal('100', '20')).toBe(1);
    expect(compareDecimal('9007199254740993', '9007199254740992')).toBe(1);
    expect(compareDecimal('-1.5', '-1.25')).toBe(-1);
    expect(compareDecimal('+2.00', '-3.00')).toBe(1);
    expect(compareDecimal('-0', '0')).toBe(0);
    expect(compareDecimal(null, '0')).toBe(-1);
    expect(compareDecimal(null, null)).toBe(0);
  });
});
