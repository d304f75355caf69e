import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useRatesStore } from '@renderer/stores/rates-store';
import { matchedNetworks, type RateView } from '@renderer/stores/rate-view';
import { RATE_HISTORY_POINTS } from '@shared/rate-history';
import { installFakeMerchant, rate, removeFakeMerchant, snapshot } from './fake-merchant';

const initial = useRatesStore.getState();
const symbols = () => useRatesStore.getState().visible.map((v) => v.symbol);

beforeEach(() => useRatesStore.setState(initial, true));
afterEach(removeFakeMerchant);

describe('rates store', () => {
  it('loads a snapshot and computes change since opened exactly', async () => {
    installFakeMerchant({
      'rates.snapshot': () => ({
        ok: true,
        data: snapshot([rate('btc', '66000', '60000'), rate('eth', '0.3', '0.1')]),
      }),
    });
    await useRatesStore.getState().load();
    const s = useRatesStore.getState();
    expect(s.loaded).toBe(true);
    expect(s.rows.map((r) => r.change)).toEqual(['+10.00', '+200.00']);
  });

  it('sorts prices as decimals, not floats or text, with missing prices last', () => {
    const { applySnapshot, toggleSort } = useRatesStore.getState();
    applySnapshot(
      snapshot([
        rate('a', '9.99'),
        rate('b', '100'),
        rate('c', null),
        rate('d', '10.5'),
        rate('e', '10.50000000000000001'),
      ]),
    );
    toggleSort('price');
    expect(useRatesStore.getState().sort).toEqual({ key: 'price', direction: 'ascending' });
    expect(symbols()).toEqual(['a', 'd', 'e', 'b', 'c']);
    toggleSort('price');
    expect(symbols()).toEqual(['b', 'e', 'd', 'a', 'c']);
  });

  it('sorts by change with negatives below zero', () => {
    const { applySnapshot, toggleSort } = useRatesStore.getState();
    applySnapshot(
      snapshot([
        rate('up', '11', '10'),
        rate('down', '9', '10'),
        rate('flat', '10', '10'),
        rate('bigdown', '1', '10'),
      ]),
    );
    toggleSort('change');
    expect(symbols()).toEqual(['bigdown', 'down', 'flat', 'up']);
  });

  it('searches symbol, name and network, case-insensitively', () => {
    const { applySnapshot, setQuery } = useRatesStore.getState();
    applySnapshot(
      snapshot([
        rate('btc', '1', '1', 'Bitcoin'),
        rate('eth', '1', '1', 'Ethereum'),
        rate('usdt', '1', '1', 'Tether'),
      ]),
    );
    setQuery('ETHER');
    expect(symbols()).toEqual(['eth', 'usdt']);
    setQuery('  btc ');
    expect(symbols()).toEqual(['btc']);
    setQuery('');
    expect(symbols()).toEqual(['btc', 'eth', 'usdt']);
  });

  it('keeps unchanged rows as the same objects so memoised rows skip rendering', () => {
    const { applySnapshot } = useRatesStore.getState();
    applySnapshot(snapshot([rate('btc', '1'), rate('eth', '2')]));
    const before = useRatesStore.getState();
    applySnapshot(snapshot([rate('btc', '1'), rate('eth', '2.5', '2')]));
    const after = useRatesStore.getState();
    expect(after.rows[0]).toBe(before.rows[0]);
    expect(after.rows[1]).not.toBe(before.rows[1]);
    expect(after.rows[1]?.change).toBe('+25.00');
    // An identical tick changes nothing at all: same arrays, so no subscriber re-renders.
    applySnapshot(snapshot([rate('btc', '1'), rate('eth', '2.5', '2')]));
    expect(useRatesStore.getState().rows).toBe(after.rows);
    expect(useRatesStore.getState().visible).toBe(after.visible);
  });

  it('applies ticks from the rates:tick event and keeps the search', () => {
    const fake = installFakeMerchant({});
    const off = useRatesStore.getState().listen();
    useRatesStore.getState().setQuery('eth');
    fake.emit('rates:tick', snapshot([rate('btc', '1'), rate('eth', '2')], { stale: true }));
    expect(symbols()).toEqual(['eth']);
    expect(useRatesStore.getState().stale).toBe(true);
    fake.emit('rates:tick', { rows: 'garbage' }); // a malformed push is ignored, not applied
    expect(symbols()).toEqual(['eth']);
    off();
    fake.emit('rates:tick', snapshot([rate('eth', '3')]));
    expect(useRatesStore.getState().rows).toHaveLength(2);
  });

  it('extends each sparkline by one point per new poll, bounded as main bounds it, from ticks without history', () => {
    const { applySnapshot, applyTick } = useRatesStore.getState();
    applySnapshot(snapshot([rate('btc', '1')]));
    const tick = (price: string, at: string) => {
      const { history: _none, ...rest } = snapshot([rate('btc', price)], { lastTickAt: at });
      return rest;
    };
    for (let i = 2; i <= RATE_HISTORY_POINTS + 5; i++)
      applyTick(tick(String(i), new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString()));
    const spark = useRatesStore.getState().rows[0]!.spark;
    expect(spark).toHaveLength(RATE_HISTORY_POINTS);
    expect(spark.at(0)).toBe('6');
    expect(spark.at(-1)).toBe(String(RATE_HISTORY_POINTS + 5));
    // The same poll again (a pause or resume re-publishes it): no new point.
    applyTick(tick('999', useRatesStore.getState().lastTickAt!));
    expect(useRatesStore.getState().rows[0]!.spark.at(-1)).toBe(String(RATE_HISTORY_POINTS + 5));
  });

  it('extends each asset its own sparkline when a tick lists the assets in another order', () => {
    const { applySnapshot, applyTick } = useRatesStore.getState();
    applySnapshot(snapshot([rate('btc', '10'), rate('eth', '20'), rate('sol', '30')]));
    const { history: _none, ...moved } = snapshot([rate('sol', '31'), rate('btc', '11'), rate('eth', '21')], {
      lastTickAt: '2026-01-01T00:00:09.000Z',
    });
    applyTick(moved);
    const spark = (symbol: string) => useRatesStore.getState().rows.find((r) => r.symbol === symbol)!.spark;
    expect(spark('btc')).toEqual(['10', '11']);
    expect(spark('eth')).toEqual(['20', '21']);
    expect(spark('sol')).toEqual(['30', '31']);
  });

  it('keeps 500 assets complete and sorted when every price moves on every tick', () => {
    const make = (p: number) =>
      snapshot(Array.from({ length: 500 }, (_, i) => rate(`c${i}`, `${(i * 7919 + p) % 1000}.${i}`, '1.5')));
    const { applySnapshot, toggleSort } = useRatesStore.getState();
    toggleSort('price');
    for (let t = 1; t < 20; t++) applySnapshot(make(t));
    const visible = useRatesStore.getState().visible;
    expect(visible).toHaveLength(500);
    // Sorted by price (the cost of doing this per tick is measured in test/bench/rates-store.bench.ts).
    const prices = visible.map((r) => Number(r.usdPrice));
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
  });

  it('pauses through rates.pause and reports failures without losing rows', async () => {
    const fake = installFakeMerchant({
      'rates.pause': (req) => ({
        ok: true,
        data: snapshot([rate('btc', '1')], { paused: (req as { paused: boolean }).paused }),
      }),
    });
    await useRatesStore.getState().setPaused(true);
    expect(fake.calls).toEqual([{ channel: 'rates.pause', request: { paused: true } }]);
    expect(useRatesStore.getState().paused).toBe(true);

    installFakeMerchant({
      'rates.snapshot': () => ({
        ok: false,
        error: { kind: 'transport', message: 'The service did not answer in 10 s.' },
      }),
    });
    await useRatesStore.getState().load();
    expect(useRatesStore.getState().error?.kind).toBe('transport');
    expect(useRatesStore.getState().rows).toHaveLength(1);
  });

  it('turns a malformed answer into a readable error', async () => {
    installFakeMerchant({ 'rates.snapshot': () => ({ ok: true, data: { rows: [{ symbol: 1 }] } }) });
    await useRatesStore.getState().load();
    expect(useRatesStore.getState().error?.kind).toBe('malformed-answer');
    expect(useRatesStore.getState().error?.message).toMatch(/could not read/);
    expect(useRatesStore.getState().loaded).toBe(false);
  });
});

describe('search by network', () => {
  it('says which networks matched when the symbol and name did not', () => {
    const view = {
      symbol: 'usdt',
      name: 'Tether',
      pairs: [
        { network: 'tron', networkName: 'TRON (TRC-20)' },
        { network: 'eth', networkName: 'Ethereum (ERC-20)' },
      ],
    } as unknown as RateView;
    expect(matchedNetworks(view, 'trc')).toEqual(['TRON (TRC-20)']);
    expect(matchedNetworks(view, 'teth')).toEqual([]);
    expect(matchedNetworks(view, 'usd')).toEqual([]);
    expect(matchedNetworks(view, '')).toEqual([]);
  });
});
