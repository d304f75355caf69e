import { describe, expect, it } from 'vitest';
import { toBalanceRows, toBalancesView } from '@main/services/balances-view';

describe('balances view', () => {
  it('reads an array of records with the usual names, summing USD exactly', () => {
    const view = toBalancesView(
      [
        {
          coin: 'USDT',
          network: 'tron',
          balance: '100.10',
          frozen: '0.10',
          available: '100.00',
          balance_usd: '100.1',
        },
        {
          coin: 'btc',
          network: 'bitcoin',
          balance: '0.5',
          frozen: '0',
          available: '0.5',
          balance_usd: '30000.2',
        },
      ],
      new Date('2026-11-21T00:00:00Z'),
    );
    expect(view.rows[0]).toMatchObject({ coin: 'usdt', network: 'tron', balance: '100.10', usd: '100.1' });
    expect(view.totalUsd).toBe('30100.3');
  });

  it('finds records under a key or in a map keyed by pair', () => {
    expect(toBalanceRows({ balances: [{ currency: 'eth', chain: 'eth', total: '1' }] })[0]).toMatchObject({
      coin: 'eth',
      network: 'eth',
      balance: '1',
    });
    expect(toBalanceRows({ 'usdc:polygon': { amount: '5', hold: '1' } })[0]).toMatchObject({
      coin: 'usdc',
      network: 'polygon',
      balance: '5',
      frozen: '1',
    });
  });

  it('keeps unknown fields in raw and never treats numbers as money', () => {
    const [row] = toBalanceRows([
      { coin: 'trx', network: 'tron', balance: 12.5, pending_payouts: '3', mystery: { a: 1 } },
    ]);
    expect(row?.balance).toBeNull();
    expect(row?.raw).toMatchObject({ pending_payouts: '3', mystery: { a: 1 } });
  });

  it('returns nothing for shapes it cannot read, instead of crashing', () => {
    expect(toBalanceRows(null)).toEqual([]);
    expect(toBalanceRows('oops')).toEqual([]);
    expect(toBalancesView({ status: 'x' }, new Date(0)).totalUsd).toBe('0');
  });
});
