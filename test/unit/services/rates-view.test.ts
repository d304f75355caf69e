import { describe, expect, it } from 'vitest';
import { catalogSchema, ratesSchema } from '@main/api/schemas';
import { buildRateRows } from '@main/services/rates-view';
import { catalog as rawCatalog, rates as rawRates } from '../api/client-fixtures';

const rates = ratesSchema.parse(rawRates);
const catalog = catalogSchema.parse(rawCatalog);

describe('rates merged with the catalog', () => {
  it('joins the uppercase catalog to the lowercase rates per pair, whatever the order', () => {
    const forward = buildRateRows(rates, catalog, new Map());
    const reversed = buildRateRows([...rates].reverse(), catalog, new Map());
    const usdt = (rows: typeof forward) => rows.find((r) => r.symbol === 'usdt');
    expect(usdt(reversed)).toEqual(usdt(forward));
    expect(usdt(forward)?.pairs.find((p) => p.network === 'tron')).toEqual({
      coin: 'usdt',
      network: 'tron',
      networkName: expect.any(String),
      depositEnabled: true,
      withdrawEnabled: true,
      minDeposit: '1',
      minWithdrawal: '10',
      maxWithdrawal: '50000',
      networkFee: '1.5',
      decimals: 6,
      serviceFeePercent: '1.5',
      inCatalog: true,
    });
    // A catalog pair the rates do not list is shown, but never as available.
    expect(usdt(forward)?.pairs.find((p) => p.network === 'bsc')).toMatchObject({
      depositEnabled: null,
      withdrawEnabled: null,
      inCatalog: true,
    });
  });
});
