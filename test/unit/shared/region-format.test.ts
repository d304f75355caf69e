import { afterEach, describe, expect, it } from 'vitest';
import { alignDecimal, formatDecimal, formatUsd } from '@shared/money/display';
import { isKnownRegion, setDisplayRegion, symbolsFor } from '@shared/money/region';

describe('numbers on screen in the Region chosen (issue 29)', () => {
  afterEach(() => setDisplayRegion(null));

  it('without a Region: the neutral form the desk always had', () => {
    expect(formatDecimal('-1234567.50')).toBe('-1,234,567.50');
    expect(formatUsd('-1234.567')).toBe('-$1,234.57');
  });

  it('en-US, de-DE and ja-JP: their separators, the string’s own digits, never rounded', () => {
    const wei = '123456789.123456789012345678';
    setDisplayRegion('en-US');
    expect(formatDecimal(wei)).toBe('123,456,789.123456789012345678');
    expect(formatUsd('1234.5')).toBe('$1,234.50');
    setDisplayRegion('de-DE');
    expect(formatDecimal(wei)).toBe('123.456.789,123456789012345678');
    expect(formatDecimal('-0.10')).toBe('-0,10');
    expect(formatUsd('-1234.5')).toBe('-1.234,50\u00a0$');
    expect(alignDecimal('12', 3)).toEqual({ integer: '12', fraction: '', padding: ',000' });
    setDisplayRegion('ja-JP');
    expect(formatDecimal(wei)).toBe('123,456,789.123456789012345678');
    expect(formatUsd('1234.5')).toBe('$1,234.50');
  });

  it('other groupings: Indian lakhs, Swiss apostrophes, French narrow spaces', () => {
    expect(symbolsFor('en-IN')).toMatchObject({ primary: 3, secondary: 2 });
    setDisplayRegion('en-IN');
    expect(formatDecimal('123456789.5')).toBe('12,34,56,789.5');
    // The symbols are whatever this ICU says (an apostrophe or ’, a narrow or plain no-break space).
    for (const region of ['de-CH', 'fr-FR']) {
      setDisplayRegion(region);
      const { group, decimal } = symbolsFor(region);
      expect(group).not.toBe('');
      expect(formatDecimal('1234567.5')).toBe(`1${group}234${group}567${decimal}5`);
    }
  });

  it('a tag Intl cannot read is refused, and leaves the neutral form', () => {
    expect(isKnownRegion('de-DE')).toBe(true);
    expect(isKnownRegion('not a region!')).toBe(false);
    setDisplayRegion('not a region!');
    expect(formatDecimal('1234.5')).toBe('1,234.5');
  });
});
