import { describe, expect, it } from 'vitest';
import {
  extraFields,
  groupByCoin,
  isEmptyBalance,
  usdRateOf,
  valuationByCoin,
} from '@renderer/features/overview/balance-fields';
import { screenFromHash } from '@renderer/shell/routes';
import { countOf, humanizeKey, leafText } from '@renderer/lib/humanize';

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
    const row = { coin: 'btc', network: 'btc', ...base, raw: { usd_value_open: '65000' } };
    expect(extraFields(row)).toEqual({ usd_value_open: '65000' });
  });

  it('shows the valuation rate beside the coin instead of among the extra fields', () => {
    const row = { coin: 'btc', network: 'btc', ...base, raw: { usd_rate: '65000.123', memo: 'x' } };
    expect(usdRateOf(row)).toEqual({ key: 'usd_rate', value: '65000.123' });
    expect(extraFields(row)).toEqual({ memo: 'x' });
    // A rate that is not a decimal string is not trusted as one: it stays visible as written.
    const odd = { ...row, raw: { usd_rate: 'n/a' } };
    expect(usdRateOf(odd)).toBeNull();
    expect(extraFields(odd)).toEqual({ usd_rate: 'n/a' });
  });

  it('groups networks by coin with exact subtotals in the coin unit', () => {
    const rows = [
      {
        coin: 'usdt',
        network: 'tron',
        balance: '25000',
        frozen: '0.1',
        available: '24999.9',
        usd: '25005.00',
        raw: { usd_rate: '1.0002' },
      },
      { coin: 'usdt', network: 'eth', balance: '0.2', frozen: '0', available: '0.2', usd: '0.20', raw: {} },
      { coin: 'btc', network: 'btc', balance: '0', frozen: '0', available: '0', usd: '0', raw: {} },
    ];
    const [usdt, btc] = groupByCoin(rows);
    expect(usdt).toMatchObject({
      coin: 'usdt',
      balance: '25000.2',
      frozen: '0.1',
      available: '25000.1',
      usd: '25005.20',
      usdRate: '1.0002',
    });
    expect(btc?.rows).toHaveLength(1);
    expect(rows.map(isEmptyBalance)).toEqual([false, false, true]);
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

describe('countOf', () => {
  it('says one thing in the singular, any other count in the plural, grouped', () => {
    expect(countOf(1, 'event')).toBe('1 event');
    expect(countOf(0, 'event')).toBe('0 events');
    expect(countOf(1204, 'movement')).toBe('1,204 movements');
    expect(countOf(2, 'entry', 'entries')).toBe('2 entries');
  });
});
