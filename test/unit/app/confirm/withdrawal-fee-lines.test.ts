import { describe, expect, it } from 'vitest';
import { withdrawalConfirmation } from '@main/app/confirm/requests';
import { quoteWithdrawal } from '@shared/money/withdrawal-quote';

const body = {
  coin: 'usdt',
  network: 'tron',
  amount: '200',
  to_address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
};
const context = {
  profileName: 'Shop',
  baseUrl: 'https://api.pay.example',
  merchantId: 'm-1',
  networkName: null,
};
const linesWith = (fees: Parameters<typeof withdrawalConfirmation>[1]['fees']) =>
  withdrawalConfirmation(body, { ...context, fees }).lines.join('\n');

describe('fees in main’s confirmation', () => {
  it('keeps the general sentence when the service said nothing about the pair', () => {
    expect(linesWith(null)).toMatch(/charged as your merchant fee settings say/);
  });

  it('with the payer unknown, gives both readings rather than assuming one', () => {
    const quote = quoteWithdrawal('200', { decimals: 6, networkFee: '1', percent: '0.5', payer: null })!;
    const text = linesWith({ quote, payer: null, percent: '0.5', percentSource: 'catalog' });
    expect(text).toContain(
      'service fee 1 USDT (0.5%, the public catalog’s rate), network fee 1 USDT, 2 USDT in all',
    );
    expect(text).toContain(
      'up to 202 USDT may leave your balance, and the recipient receives between 198 and 200 USDT',
    );
  });

  it('says when a part is not known and was counted as zero', () => {
    const quote = quoteWithdrawal('200', {
      decimals: 6,
      networkFee: null,
      percent: '0.5',
      payer: 'merchant',
    })!;
    const text = linesWith({ quote, payer: 'merchant', percent: '0.5', percentSource: 'settings' });
    expect(text).toContain('The network fee is not known and was counted as 0');
    expect(text).toContain('201 USDT leaves your balance and the recipient receives 200 USDT');
  });
});
