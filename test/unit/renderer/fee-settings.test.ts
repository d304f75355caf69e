import { describe, expect, it } from 'vitest';
import { readFeeSettings } from '@shared/domain/fee-settings';
import { networkLabel, networkNameMap } from '@renderer/lib/network-names';

/** What the sandbox answers for getMerchantFees (src-main/sandbox/routes/merchants.ts). */
const SANDBOX = {
  fees: { invoice_percent: '0.5', withdrawal_percent: '0.5', static_wallet_percent: '0.8' },
  fee_payer: { invoice_fee: 'merchant', invoice_network_fee: 'merchant', withdrawal_fee: 'merchant' },
  auto_exchange: { enabled: false, target_coin: 'usdt', target_network: 'tron', percent: '0' },
  network_fees: [
    { coin: 'usdt', network: 'tron', network_fee: '1', deposit_enabled: true, withdraw_enabled: true },
    { coin: 'usdt', network: 'ton', network_fee: '0.1', deposit_enabled: true, withdraw_enabled: false },
  ],
};

describe('fee settings', () => {
  it('reads percentages, who pays and one row per network', () => {
    const s = readFeeSettings(SANDBOX);
    expect(s.percents.map((p) => [p.label, p.value])).toEqual([
      ['Invoices', '0.5'],
      ['Withdrawals', '0.5'],
      ['Static wallets', '0.8'],
    ]);
    expect(s.payers.map((p) => [p.label, p.value])).toEqual([
      ['Invoice fee', 'You (the merchant)'],
      ['Invoice network fee', 'You (the merchant)'],
      ['Withdrawal fee', 'You (the merchant)'],
    ]);
    expect(s.networks[1]).toEqual({
      coin: 'usdt',
      network: 'ton',
      fee: '0.1',
      deposit: true,
      withdrawal: false,
    });
    // A mixed group is kept whole and visible, not mistaken for a fee percentage.
    expect(s.other).toEqual({ auto_exchange: SANDBOX.auto_exchange });
  });

  it('never crashes on a different shape and keeps every unknown field', () => {
    expect(readFeeSettings(null)).toEqual({ percents: [], payers: [], networks: [], other: {} });
    expect(readFeeSettings('1%').other).toEqual({ value: '1%' });
    const odd = readFeeSettings({
      invoice_percent: 1.5,
      network_fees: [{ coin: 'btc', network: 'btc', network_fee: '0.0001', memo: 'x' }],
      levels: [1, 2],
      fee_payer: 'customer',
    });
    expect(odd.percents).toEqual([{ key: 'invoice_percent', label: 'Invoices', value: '1.5' }]);
    expect(odd.payers).toEqual([
      { key: 'fee_payer', label: 'Fee payer', value: 'The customer', raw: 'customer' },
    ]);
    expect(odd.networks).toHaveLength(1);
    expect(odd.other).toEqual({ network_fees: { 'btc / btc': { memo: 'x' } }, levels: [1, 2] });
  });
});

describe('network names', () => {
  it('maps codes to catalog display names and falls back to the code', () => {
    const names = networkNameMap([
      { network: 'tron', networkName: 'TRON (TRC-20)' },
      { network: 'TRON', networkName: 'other' },
      { network: 'eth', networkName: null },
    ]);
    expect(networkLabel(names, 'tron')).toBe('TRON (TRC-20)');
    expect(networkLabel(names, 'eth')).toBe('eth');
  });
});
