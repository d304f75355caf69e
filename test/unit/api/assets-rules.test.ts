import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findRateNetwork, usdPrice } from '@main/api/assets';
import { CreateInvoiceInput as createInvoiceInput, INVOICE_MINIMUM_USD } from '@shared/domain/operations';
import { ratesSchema } from '@main/api/schemas';
import { rates as rawRates } from './client-fixtures';

const rates = ratesSchema.parse(rawRates);

const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^\\d{${min},${max}}$`));
const decimal = fc
  .tuple(digits(1, 6), fc.option(digits(1, 12), { nil: undefined }))
  .map(([i, f]) => (f === undefined ? i : `${i}.${f}`));

describe('assets', () => {
  const usdt = rates.find((entry) => entry.coin.symbol === 'usdt');
  it('finds a network of an entry by code, case-insensitively', () => {
    expect(findRateNetwork(usdt, 'TRON')?.decimals).toBe(6);
    expect(findRateNetwork(usdt, ' tron ')?.decimals).toBe(6);
    expect(findRateNetwork(usdt, 'eth')).toBeUndefined();
    expect(findRateNetwork(undefined, 'tron')).toBeUndefined();
    expect(usdPrice(usdt)).toBe('1.0001');
  });
});

describe('invoice minimum', () => {
  it(`accepts any decimal string ≥ ${INVOICE_MINIMUM_USD} and refuses any below`, () => {
    fc.assert(
      fc.property(decimal, (amount) => {
        const whole = amount.split('.')[0]!.replace(/^0+(?=\d)/, '');
        const atLeast3 = whole.length > 1 || whole >= '3';
        // USD has cents: a third decimal other than a trailing zero is refused too (issue 25).
        const cents = (amount.split('.')[1] ?? '').replace(/0+$/, '').length <= 2;
        const result = createInvoiceInput.safeParse({ order_id: 'A', amount });
        expect(result.success).toBe(atLeast3 && cents);
        if (!result.success) expect(result.error.issues[0]?.path).toEqual(['amount']);
      }),
      { numRuns: 500 },
    );
    expect(createInvoiceInput.safeParse({ order_id: 'A', amount: '2.999999999999999999999' }).success).toBe(
      false,
    );
    expect(createInvoiceInput.safeParse({ order_id: 'A', amount: '3.000' }).success).toBe(true);
  });
});
