import DecimalJs from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAtLeastDecimal } from '@shared/money/digits';
import { compareDecimal as compareForDisplay } from '@shared/money/display';
import { compareDecimal, DecimalError, isZero, sumDecimal } from '@shared/money/exact';

/** A signed decimal string as sums meet them: up to 30 integer and 18 fraction digits. */
const signedDecimal = fc
  .tuple(
    fc.constantFrom('', '-', '+'),
    fc.stringMatching(/^\d{1,30}$/),
    fc.option(fc.stringMatching(/^\d{1,18}$/), { nil: undefined }),
  )
  .map(([sign, integer, fraction]) => `${sign}${integer}${fraction === undefined ? '' : `.${fraction}`}`);

/** The reference: decimal.js with room for every digit, written plain without trailing zeros. */
const reference = (values: string[]) => {
  const Wide = DecimalJs.clone({ precision: 200, toExpNeg: -200, toExpPos: 200 });
  const text = values.reduce((sum, v) => sum.plus(v), new Wide(0)).toFixed();
  return text === '-0' ? '0' : text;
};

describe('sumDecimal: exact sums on the digits', () => {
  it('equals an exact decimal library on any list of signed decimals', () => {
    fc.assert(
      fc.property(fc.array(signedDecimal, { maxLength: 40 }), (values) => {
        expect(sumDecimal(values)).toBe(reference(values));
      }),
      { numRuns: 500 },
    );
  });

  it('writes sums plainly: no trailing zeros, no "-0", no exponent', () => {
    expect(sumDecimal([])).toBe('0');
    expect(sumDecimal(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimal(['1.50', '1.50'])).toBe('3');
    expect(sumDecimal(['100', '0.00'])).toBe('100');
    expect(sumDecimal(['-0.5', '0.50'])).toBe('0');
    expect(sumDecimal(['-3.25', '1'])).toBe('-2.25');
    expect(sumDecimal(['0.000000000000000001', '1000000000000000000000000000000'])).toBe(
      '1000000000000000000000000000000.000000000000000001',
    );
  });

  it('refuses what is not a decimal string, saying what it got', () => {
    for (const bad of ['1e5', ' 1', '1.', '.5', 'NaN', '', '1,5'])
      expect(() => sumDecimal(['1', bad]), bad).toThrow(DecimalError);
    expect(() => sumDecimal(['1', 2 as unknown as string])).toThrow('got 2');
  });
});

describe('one comparison for main, the screens and the domain rules', () => {
  const Wide = DecimalJs.clone({ precision: 200 });
  it('compareDecimal and isZero agree with an exact decimal library on signed decimals', () => {
    fc.assert(
      fc.property(signedDecimal, signedDecimal, (a, b) => {
        const expected = new Wide(a).comparedTo(new Wide(b));
        expect(compareDecimal(a, b)).toBe(expected);
        expect(compareForDisplay(a, b)).toBe(expected);
        expect(isZero(a)).toBe(new Wide(a).isZero());
      }),
      { numRuns: 1000 },
    );
  });

  it('isAtLeastDecimal is that comparison on unsigned wire decimals, false for anything else', () => {
    fc.assert(
      fc.property(signedDecimal, signedDecimal, (a, b) => {
        const unsigned = !/^[-+]/.test(a) && !/^[-+]/.test(b);
        expect(isAtLeastDecimal(a, b)).toBe(unsigned && new Wide(a).comparedTo(new Wide(b)) >= 0);
      }),
      { numRuns: 500 },
    );
  });

  it('main refuses what is not a decimal; the screens sort it first', () => {
    expect(() => compareDecimal('1e3', '1')).toThrow(DecimalError);
    expect(compareForDisplay('n/a', '-5')).toBe(-1);
  });
});
