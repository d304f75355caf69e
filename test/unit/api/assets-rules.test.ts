import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findRate, findRateNetwork, usdPrice } from '../../../src-main/api/assets';
import { CreateInvoiceInput as createInvoiceInput } from '@shared/domain/operations';
import {
  CARD_CHECKOUT_MINIMUM_USD,
  INVOICE_MINIMUM_USD,
  checkWithdrawalAmount,
  isCardCheckoutOffered,
} from '../../../src-main/api/rules';
import { ratesSchema } from '../../../src-main/api/schemas';
import { rates as rawRates } from './client-fixtures';

const rates = ratesSchema.parse(rawRates);

const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^\\d{${min},${max}}$`));
const decimal = fc
  .tuple(digits(1, 6), fc.option(digits(1, 12), { nil: undefined }))
  .map(([i, f]) => (f === undefined ? i : `${i}.${f}`));

describe('assets', () => {
  it('finds rates by symbol, case-insensitively, whatever the order', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(rates, { minLength: rates.length }), (shuffled) => {
        expect(findRate(shuffled, 'USDT')?.coin.name).toBe('Tether');
        expect(findRate(shuffled, 'btc')?.coin.name).toBe('Bitcoin');
        expect(findRate(shuffled, 'eth')).toBeUndefined();
      }),
    );
    expect(findRateNetwork(findRate(rates, 'usdt'), 'TRON')?.decimals).toBe(6);
    expect(usdPrice(findRate(rates, 'usdt'))).toBe('1.0001');
  });
});

describe('rules', () => {
  const pair = { minWithdrawal: '10', maxWithdrawal: '50000', decimals: 6, withdrawEnabled: true };
  const codes = (amount: string, p: Parameters<typeof checkWithdrawalAmount>[1] = pair) =>
    checkWithdrawalAmount(amount, p).map((x) => x.code);

  it('checks withdrawal amounts against the pair', () => {
    expect(codes('10')).toEqual([]);
    expect(codes('50000.000000')).toEqual([]);
    expect(codes('9.999999')).toEqual(['below-minimum']);
    expect(codes('50000.000001')).toEqual(['above-maximum']);
    expect(codes('12.1234567')).toEqual(['too-many-decimals']);
    expect(codes('0')).toEqual(['not-positive', 'below-minimum']);
    expect(codes('1e3')).toEqual(['not-decimal']);
    expect(codes('-5')).toEqual(['not-decimal']);
    expect(codes('1', { withdrawEnabled: false })).toEqual(['withdraw-disabled']);
    expect(codes('0.1', { minWithdrawal: null, maxWithdrawal: null, decimals: null })).toEqual([]);
  });

  it('never reports below-minimum for amounts at or above it (decimal, not float, comparison)', () => {
    fc.assert(
      fc.property(decimal, (amount) => {
        const below = checkWithdrawalAmount(amount, { minWithdrawal: '0.1' }).some(
          (p) => p.code === 'below-minimum',
        );
        const [whole = '', frac = ''] = amount.split('.');
        expect(below).toBe(/^0+$/.test(whole) && (frac === '' || frac.startsWith('0')));
      }),
    );
  });

  it('offers card checkout only from 15.00 USD due, when allowed and not terminal', () => {
    expect(CARD_CHECKOUT_MINIMUM_USD).toBe('15.00');
    expect(isCardCheckoutOffered({ allow_card_payments: true, amount_usd: '15.00' })).toBe(true);
    expect(isCardCheckoutOffered({ allow_card_payments: true, amount_usd: '14.99' })).toBe(false);
    expect(isCardCheckoutOffered({ allow_card_payments: false, amount_usd: '100' })).toBe(false);
    expect(
      isCardCheckoutOffered({
        allow_card_payments: true,
        amount_usd: '100',
        payed_usd: '90',
        status: 'partial',
      }),
    ).toBe(false);
    expect(
      isCardCheckoutOffered({
        allow_card_payments: true,
        amount_usd: '100',
        payed_usd: '85',
        status: 'partial',
      }),
    ).toBe(true);
    expect(isCardCheckoutOffered({ allow_card_payments: true, amount_usd: '100', status: 'expired' })).toBe(
      false,
    );
  });
});

describe('invoice minimum', () => {
  it(`accepts any decimal string ≥ ${INVOICE_MINIMUM_USD} and refuses any below`, () => {
    fc.assert(
      fc.property(decimal, (amount) => {
        const whole = amount.split('.')[0]!.replace(/^0+(?=\d)/, '');
        const atLeast3 = whole.length > 1 || whole >= '3';
        const result = createInvoiceInput.safeParse({ order_id: 'A', amount });
        expect(result.success).toBe(atLeast3);
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
