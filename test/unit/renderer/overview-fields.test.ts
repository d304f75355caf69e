import { describe, expect, it } from 'vitest';
import { extraFields, valuationByCoin } from '../../../src-renderer/src/features/overview/balance-fields';
import { screenFromHash } from '../../../src-renderer/src/shell/routes';
import { humanizeKey, leafText } from '../../../src-renderer/src/lib/humanize';

const base = { balance: '1', frozen: '0', available: '1', usd: '2.00' };

describe('balance fields', () => {
  it('shows every raw field the table does not already show', () => {
    const row = {
      coin: 'usdt',
      network: 'tron',
      ...base,
      raw: {
        coin: 'usdt',
        network: 'tron',
        balance: '1',
        balance_usd: '2.00',
        pending_deposit: '5',
        memo_required: true,
      },
    };
    expect(extraFields(row)).toEqual({ pending_deposit: '5', memo_required: true });
  });

  it('keeps a field whose name looks known but whose value differs', () => {
    const row = { coin: 'btc', network: 'btc', ...base, raw: { usd_rate: '65000' } };
    expect(extraFields(row)).toEqual({ usd_rate: '65000' });
  });

  it('sums USD per coin exactly across networks, largest first', () => {
    const rows = [
      { coin: 'usdt', network: 'tron', ...base, usd: '0.1', raw: {} },
      { coin: 'usdt', network: 'eth', ...base, usd: '0.2', raw: {} },
      { coin: 'btc', network: 'btc', ...base, usd: '100', raw: {} },
      { coin: 'ton', network: 'ton', ...base, usd: null, raw: {} },
    ];
    expect(valuationByCoin(rows)).toEqual([
      { coin: 'BTC', usd: '100' },
      { coin: 'USDT', usd: '0.3' },
      { coin: 'TON', usd: '0' },
    ]);
  });
});

describe('small helpers', () => {
  it('routes from the hash, defaulting to the overview', () => {
    expect(screenFromHash('#/rates')).toBe('rates');
    expect(screenFromHash('#/settings?x=1')).toBe('settings');
    expect(screenFromHash('')).toBe('overview');
    expect(screenFromHash('#/nope')).toBe('overview');
  });

  it('labels unknown keys readably and keeps values as written', () => {
    expect(humanizeKey('is_customer_fee')).toBe('Is customer fee');
    expect(humanizeKey('networkFee')).toBe('Network fee');
    expect(leafText('1.5%')).toBe('1.5%');
    expect(leafText(false)).toBe('No');
    expect(leafText(null)).toBe('—');
  });
});
