import { describe, expect, it, vi } from 'vitest';
import type { CoinCatalog, CoinRates } from '@main/api/schemas';
import { createRatesPoller, type FeedSnapshot as RatesSnapshot } from '@main/services/rates-poller';

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

  it('turns stale after its own floor when given one (the test host’s), after 10 s otherwise', async () => {
    for (const [staleFloorMs, stale] of [
      [undefined, false],
      [4_000, true],
    ] as const) {
      let t = 1_000_000;
      const answers: Array<CoinRates | Error> = [[rateEntry('btc', '1')], new Error('boom')];
      const poller = createRatesPoller({
        source: {
          getCoinRates: async () => {
            const next = answers.shift()!;
            if (next instanceof Error) throw next;
            return next;
          },
          getCoinCatalog: async () => catalog,
        },
        intervalMs: 1000,
        ...(staleFloorMs ? { staleFloorMs } : {}),
        now: () => t,
        onTick: () => {},
        schedule: () => ({ cancel() {} }),
      });
      await poller.pollOnce();
      t += 5_000;
      await poller.pollOnce();
      expect(poller.snapshot().stale).toBe(stale);
    }
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

/** A source whose answers arrive only when the test says so, as a slow service would. */
function slowSource() {
  const pending: Array<{ resolve: (rates: CoinRates) => void; reject: (e: Error) => void }> = [];
  const signals: Array<AbortSignal | undefined> = [];
  return {
    pending,
    signals,
    source: {
      getCoinRates: (options?: { signal?: AbortSignal }) =>
        new Promise<CoinRates>((resolve, reject) => {
          signals.push(options?.signal);
          pending.push({ resolve, reject });
        }),
      getCoinCatalog: async () => catalog,
    },
  };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('rates poller: stop() cancels the poll in flight', () => {
  it('publishes nothing when the answer to a poll started before stop() arrives after it', async () => {
    const slow = slowSource();
    const ticks: RatesSnapshot[] = [];
    const poller = createRatesPoller({
      source: slow.source,
      intervalMs: 1000,
      onTick: (s) => ticks.push(s),
      schedule: () => ({ cancel() {} }),
    });
    poller.start();
    expect(slow.pending).toHaveLength(1);
    poller.stop();
    slow.pending[0]!.resolve([rateEntry('btc', '60000')]);
    await settle();
    expect(ticks).toEqual([]);
    // The late answer does not leak into the state a later reader (or a restart) would see either.
    expect(poller.snapshot().rows).toEqual([]);
  });

  it('publishes no error (no connection flip) when a poll in flight fails after stop()', async () => {
    const slow = slowSource();
    const ticks: RatesSnapshot[] = [];
    const poller = createRatesPoller({
      source: slow.source,
      intervalMs: 1000,
      onTick: (s) => ticks.push(s),
      schedule: () => ({ cancel() {} }),
    });
    poller.start();
    poller.stop();
    slow.pending[0]!.reject(new Error('connection reset'));
    await settle();
    expect(ticks).toEqual([]);
    expect(poller.snapshot().error).toBeNull();
  });

  it('aborts the request itself, and schedules nothing after a late answer', async () => {
    const slow = slowSource();
    const scheduled: number[] = [];
    const poller = createRatesPoller({
      source: slow.source,
      intervalMs: 1000,
      onTick: () => {},
      schedule: (_fn, ms) => {
        scheduled.push(ms);
        return { cancel() {} };
      },
    });
    poller.start();
    expect(slow.signals[0]?.aborted).toBe(false);
    poller.stop();
    expect(slow.signals[0]?.aborted).toBe(true);
    slow.pending[0]!.resolve([rateEntry('btc', '1')]);
    await settle();
    expect(scheduled).toEqual([]);
  });

  it('publishes again after a restart, from the new poll only, with one timer chain', async () => {
    const slow = slowSource();
    const ticks: RatesSnapshot[] = [];
    let live = 0;
    const poller = createRatesPoller({
      source: slow.source,
      intervalMs: 1000,
      onTick: (s) => ticks.push(s),
      schedule: () => {
        live++;
        return { cancel: () => live-- };
      },
    });
    poller.start();
    poller.stop();
    poller.start();
    slow.pending[1]!.resolve([rateEntry('btc', '2')]);
    slow.pending[0]!.resolve([rateEntry('btc', '1')]);
    await settle();
    expect(ticks.map((t) => t.rows[0]?.usdPrice)).toEqual(['2']);
    expect(live).toBe(1);
  });

  it('stops for good when the owner’s signal is aborted', async () => {
    const slow = slowSource();
    const ticks: RatesSnapshot[] = [];
    const owner = new AbortController();
    const poller = createRatesPoller({
      source: slow.source,
      intervalMs: 1000,
      onTick: (s) => ticks.push(s),
      schedule: () => ({ cancel() {} }),
      signal: owner.signal,
    });
    poller.start();
    owner.abort();
    slow.pending[0]!.resolve([rateEntry('btc', '1')]);
    poller.start();
    poller.setPaused(true);
    await settle();
    expect(ticks).toEqual([]);
    expect(slow.pending).toHaveLength(1);
  });
});
