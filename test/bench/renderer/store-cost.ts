import { performance } from 'node:perf_hooks';
import type { SortKey } from '@renderer/stores/rate-view';
import { useRatesStore } from '@renderer/stores/rates-store';
import { percentile } from '../stats';
import { createSyntheticMarket } from './synthetic-rates';

export interface StoreCost {
  assets: number;
  sort: SortKey;
  /** Median time for the store to take in one tick that moves every price (merge, filter, sort). */
  medianMs: number;
  p95Ms: number;
}

/**
 * What one rates tick costs the renderer's store alone, in Node: the part of a frame that grows with
 * the number of assets whatever the table shows (the virtualised table renders a screenful).
 */
export function ratesStoreCost(assets: number, sort: SortKey = 'symbol', ticks = 30): StoreCost {
  const market = createSyntheticMarket(assets);
  // As in the app: one snapshot when the screen opens, then ticks (no history) once a poll.
  const opening = market.snapshot();
  const pushed = Array.from({ length: ticks + 1 }, () => market.tick());
  const store = useRatesStore;
  store.setState({
    rows: [],
    visible: [],
    query: '',
    loaded: false,
    sort: { key: sort, direction: 'ascending' },
  });
  store.getState().applySnapshot(opening);
  store.getState().applyTick(pushed[0]!); // warm-up
  const times: number[] = [];
  for (const tick of pushed.slice(1)) {
    const started = performance.now();
    store.getState().applyTick(tick);
    times.push(performance.now() - started);
  }
  const round = (v: number) => Math.round(v * 100) / 100;
  return { assets, sort, medianMs: round(percentile(times, 50)), p95Ms: round(percentile(times, 95)) };
}
