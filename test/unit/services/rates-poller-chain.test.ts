import { describe, expect, it } from 'vitest';
import type { CoinCatalog, CoinRates } from '@main/api/schemas';
import { createRatesPoller } from '@main/services/rates-poller';

/** Every rates request waits until the test answers it; timers fire only when the test says so. */
function slowService() {
  const pending: Array<(rates: CoinRates) => void> = [];
  let timers: Array<{ fn: () => void; cancelled: boolean }> = [];
  const poller = createRatesPoller({
    source: {
      getCoinRates: () => new Promise<CoinRates>((resolve) => pending.push(resolve)),
      getCoinCatalog: async () => ({ coins: [] }) as CoinCatalog,
    },
    intervalMs: 1_000,
    onTick: () => {},
    schedule: (fn) => {
      const timer = { fn, cancelled: false };
      timers.push(timer);
      return { cancel: () => (timer.cancelled = true) };
    },
  });
  const fireTimers = () => {
    const due = timers.filter((t) => !t.cancelled);
    timers = [];
    for (const t of due) t.fn();
  };
  const answer = async () => {
    pending.shift()?.([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { poller, pending, fireTimers, answer, live: () => timers.filter((t) => !t.cancelled).length };
}

describe('rates polling stays one chain', () => {
  it('resuming while a poll is in flight does not start a second poll beside it', async () => {
    const s = slowService();
    s.poller.start();
    expect(s.pending).toHaveLength(1);
    s.poller.setPaused(true);
    s.poller.setPaused(false);
    // The poll still in flight will schedule the next one; nothing else may.
    s.fireTimers();
    expect(s.pending).toHaveLength(1);
    await s.answer();
    expect(s.live()).toBe(1);
    s.fireTimers();
    expect(s.pending).toHaveLength(1);
    await s.answer();
    expect(s.live()).toBe(1);
  });

  it('a new interval while a poll is in flight does not start a second chain either', async () => {
    const s = slowService();
    s.poller.start();
    s.poller.setInterval(2_000);
    s.fireTimers();
    expect(s.pending).toHaveLength(1);
    await s.answer();
    expect(s.live()).toBe(1);
  });

  it('resuming with no poll in flight schedules the next poll', async () => {
    const s = slowService();
    s.poller.start();
    s.poller.setPaused(true);
    await s.answer();
    expect(s.live()).toBe(0);
    s.poller.setPaused(false);
    expect(s.live()).toBe(1);
    s.fireTimers();
    expect(s.pending).toHaveLength(1);
  });
});
