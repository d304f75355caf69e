import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDecimal } from '@shared/money/display';
import { readFeeSettings, withdrawalFeeTerms } from '@shared/domain/fee-settings';
import { maxAmount } from '@renderer/features/withdrawals/withdrawal-math';
import { quoteWithdrawal, type FeeInputs } from '@shared/money/withdrawal-quote';

const USDT_TRON: FeeInputs = { decimals: 6, networkFee: '1', percent: '0.5', payer: 'merchant' };

describe('withdrawal fees and max', () => {
  it('quotes the fees on top for the merchant and out of the amount for the recipient', () => {
    expect(quoteWithdrawal('12.5', USDT_TRON)).toMatchObject({
      serviceFee: '0.0625',
      networkFee: '1',
      debit: '13.5625',
      receive: '12.5',
    });
    expect(quoteWithdrawal('12.5', { ...USDT_TRON, payer: 'recipient' })).toMatchObject({
      debit: '12.5',
      receive: '11.4375',
    });
    // Unknown payer: the worst case on each side.
    expect(quoteWithdrawal('12.5', { ...USDT_TRON, payer: null })).toMatchObject({
      debit: '13.5625',
      receive: '11.4375',
    });
    // The service fee is rounded down to the pair's decimals, as the service does.
    expect(quoteWithdrawal('0.000199', USDT_TRON)!.serviceFee).toBe('0');
  });

  it('max: the balance less the fees (merchant), the whole balance (recipient), capped by the pair', () => {
    const limits = { minWithdrawal: '10', maxWithdrawal: '100000' };
    expect(maxAmount({ ...USDT_TRON, ...limits, available: '25000' })).toBe('24874.626866');
    expect(maxAmount({ ...USDT_TRON, payer: 'recipient', ...limits, available: '25000' })).toBe('25000');
    expect(maxAmount({ ...USDT_TRON, ...limits, maxWithdrawal: '1000', available: '25000' })).toBe('1000');
    // Not even the minimum fits once the fees are added.
    expect(maxAmount({ ...USDT_TRON, ...limits, available: '10.5' })).toBeNull();
    expect(maxAmount({ ...USDT_TRON, payer: 'recipient', ...limits, available: '0.9' })).toBeNull();
  });

  it('max is the largest amount whose debit fits the balance, for any balance and fee', () => {
    const decimal = (scale: number) =>
      fc.bigInt({ min: 1n, max: 10n ** 12n }).map((n) => {
        const digits = n.toString().padStart(scale + 1, '0');
        return scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
      });
    fc.assert(
      fc.property(
        decimal(6),
        decimal(4),
        fc.constantFrom('0', '0.5', '1', '2.25'),
        fc.constantFrom<'merchant' | 'recipient'>('merchant', 'recipient'),
        (available, networkFee, percent, payer) => {
          const inputs = { decimals: 6, networkFee, percent, payer };
          const max = maxAmount({ ...inputs, available, minWithdrawal: null, maxWithdrawal: null });
          if (max === null) return;
          const quote = quoteWithdrawal(max, inputs)!;
          expect(compareDecimal(quote.debit, available)).toBeLessThanOrEqual(0);
          expect(compareDecimal(quote.receive, '0')).toBe(1);
          const next = quoteWithdrawal(nextUnit(max), inputs)!;
          expect(compareDecimal(next.debit, available)).toBe(1);
        },
      ),
    );
  });

  it('reads the withdrawal fee payer and percentage from the fee settings', () => {
    const settings = (payer: string) =>
      readFeeSettings({ fees: { withdrawal_percent: '0.5' }, fee_payer: { withdrawal_fee: payer } });
    expect(withdrawalFeeTerms(settings('merchant'))).toEqual({ payer: 'merchant', percent: '0.5' });
    expect(withdrawalFeeTerms(settings('recipient'))).toEqual({ payer: 'recipient', percent: '0.5' });
    expect(withdrawalFeeTerms(settings('split'))).toEqual({ payer: null, percent: '0.5' });
    expect(withdrawalFeeTerms(readFeeSettings(null))).toEqual({ payer: null, percent: null });
  });
});

/** The next amount one unit (10^-6) up. */
function nextUnit(value: string): string {
  const [integer = '0', fraction = ''] = value.split('.');
  const units = BigInt(integer + fraction.padEnd(6, '0')) + 1n;
  const digits = units.toString().padStart(7, '0');
  return `${digits.slice(0, -6)}.${digits.slice(-6)}`;
}
