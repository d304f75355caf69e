import { describe, expect, it, vi } from 'vitest';
import type { RatesSnapshot } from '@contract';
import type { CoinCatalog, CoinRates } from '../../../src-main/api/schemas';
import { createRatesPoller } from '../../../src-main/services/rates-poller';

function rateEntry(
  symbol: string,
  price: string,
  networks: CoinRates[number]['networks'] = [],
): CoinRates[number] {
  return {
    coin: { symbol, name: symbol.toUpperCase(), type: 'crypto' },
    quotes: [{ currency_to: 'usd', price, type: 'fiat' }],
    networks,
  };
}
const tron = {
  network: 'tron',
  name: 'Tron',
  type: 'crypto',
  deposit_enabled: true,
  withdraw_enabled: false,
  min_deposit: '1',
  min_withdrawal: '10',
  max_withdrawal: '50000',
  network_fee: '1.5',
  decimals: 6,
};
const catalog: CoinCatalog = {
  coins: [
    {
      coin: { symbol: 'USDT', label: 'Tether' },
      networks: [
        { network: 'TRON', title: 'TRC-20', network_fee: '1', service_fee: '0.5', min_withdrawal: '5' },
        { network: 'ETH', title: 'ERC-20', network_fee: '3', service_fee: '0.5', min_withdrawal: '20' },
      ],
    },
    {
      coin: { symbol: 'TON', label: 'Toncoin' },
      networks: [
        { network: 'TON', title: 'TON', network_fee: '0.05', service_fee: '1', min_withdrawal: '1' },
      ],
    },
  ],
};

function harness(sequence: Array<CoinRates | Error>, start = 1_000_000) {
  let t = start;
  const ticks: RatesSnapshot[] = [];
  const getCoinRates = vi.fn(async () => {
    const next = sequence.shift();
    if (!next) throw new Error('no more data');
    if (next instanceof Error) throw next;
    return next;
  });
  const poller = createRatesPoller({
    source: { getCoinRates, getCoinCatalog: async () => catalog },
    intervalMs: 1000,
    historyLimit: 3,
    now: () => t,
    onTick: (s) => ticks.push(s),
    schedule: () => ({ cancel() {} }),
  });
  return { poller, ticks, advance: (ms: number) => (t += ms), getCoinRates };
}

describe('rates poller', () => {
  it('merges rates with the catalog by lowercase code, regardless of array order', async () => {
    const { poller } = harness([[rateEntry('btc', '60000'), rateEntry('usdt', '1.0001', [tron])]]);
    await poller.pollOnce();
    const usdt = poller.snapshot().rows.find((r) => r.symbol === 'usdt');
    expect(usdt?.usdPrice).toBe('1.0001');
    const tronPair = usdt?.pairs.find((p) => p.network === 'tron');
    expect(tronPair).toMatchObject({
      withdrawEnabled: false,
      networkFee: '1.5',
      serviceFeePercent: '0.5',
      decimals: 6,
      inCatalog: true,
    });
    // Listed in the catalog but absent from the rates: kept, with unknown availability.
    expect(usdt?.pairs.find((p) => p.network === 'eth')).toMatchObject({
      depositEnabled: null,
      inCatalog: true,
    });
    // A catalog coin without any rate data still shows, without a price.
    expect(poller.snapshot().rows.find((r) => r.symbol === 'ton')).toMatchObject({ usdPrice: null });
  });

  it('keeps the opening price and a bounded history per symbol', async () => {
    const { poller } = harness(['1', '2', '3', '4'].map((p) => [rateEntry('btc', p)]));
    for (let i = 0; i < 4; i++) await poller.pollOnce();
    const snap = poller.snapshot();
    expect(snap.rows[0]).toMatchObject({ usdPrice: '4', openPrice: '1' });
    expect(snap.history.btc).toEqual(['2', '3', '4']);
  });

  it('reports the error and flags staleness, then recovers', async () => {
    const { poller, ticks, advance } = harness([
      [rateEntry('btc', '1')],
      new Error('boom'),
      new Error('boom'),
      [rateEntry('btc', '2')],
    ]);
    await poller.pollOnce();
    expect(ticks.at(-1)).toMatchObject({ stale: false, error: null });
    advance(20_000);
    await poller.pollOnce();
    expect(ticks.at(-1)?.stale).toBe(true);
    expect(ticks.at(-1)?.error?.message).toContain('boom');
    expect(ticks.at(-1)?.rows[0]?.usdPrice).toBe('1');
    await poller.pollOnce();
    await poller.pollOnce();
    expect(ticks.at(-1)).toMatchObject({ stale: false, error: null });
  });

  it('backs off exponentially after failures, capped, and pauses on request', async () => {
    const delays: number[] = [];
    let pending: (() => void) | undefined;
    const poller = createRatesPoller({
      source: {
        getCoinRates: async () => Promise.reject(new Error('down')),
        getCoinCatalog: async () => catalog,
      },
      intervalMs: 1000,
      maxBackoffMs: 5000,
      onTick: () => {},
      schedule: (fn, ms) => {
        delays.push(ms);
        pending = fn;
        return { cancel: () => (pending = undefined) };
      },
    });
    poller.start();
    for (let i = 0; i < 4; i++) {
      await vi.waitFor(() => expect(pending).toBeDefined());
      const run = pending!;
      pending = undefined;
      run();
    }
    await vi.waitFor(() => expect(delays.length).toBe(5));
    expect(delays).toEqual([2000, 4000, 5000, 5000, 5000]);
    expect(poller.setPaused(true).paused).toBe(true);
    expect(pending).toBeUndefined();
    poller.stop();
  });
});
