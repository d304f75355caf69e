import { bench, describe } from 'vitest';
import { useRatesStore } from '@renderer/stores/rates-store';
import { rate, snapshot } from '../unit/renderer/fake-merchant';

// Target: a tick that moves every one of 500 prices (the worst case) is merged, re-sorted and
// re-filtered well inside one 16 ms frame; ticks arrive about once a second.
const ticks = Array.from({ length: 50 }, (_, p) =>
  snapshot(Array.from({ length: 500 }, (_, i) => rate(`c${i}`, `${(i * 7919 + p) % 1000}.${i}`, '1.5'))),
);

describe('rates store', () => {
  useRatesStore.getState().toggleSort('price');
  let next = 0;
  bench('apply one 500-asset tick, sorted by price (target < 16 ms)', () => {
    useRatesStore.getState().applySnapshot(ticks[next++ % ticks.length]!);
  });
});
