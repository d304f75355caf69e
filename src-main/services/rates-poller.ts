import type { RatesSnapshot, RatesTick } from '@shared/domain/market';
import { RATE_HISTORY_POINTS } from '@shared/rate-history';
import type { ErrorInfo } from '@shared/errors';
import type { CoinCatalog, CoinRates } from '../api/schemas';
import { toErrorInfo } from '@shared/error-info';
import { buildRateRows } from './rates-view';

interface RatesSource {
  /** The signal is aborted when the poll is abandoned (stop()): the request may be cancelled. */
  getCoinRates(options: { signal: AbortSignal }): Promise<CoinRates>;
  /** Cached by the client for the catalog's Cache-Control lifetime. */
  getCoinCatalog(options: { signal: AbortSignal }): Promise<CoinCatalog>;
}

/** What the poller knows: the feed without the profile it belongs to (the profile scope adds that). */
export type FeedSnapshot = Omit<RatesSnapshot, 'profileId'>;

export interface RatesPollerOptions {
  source: RatesSource;
  intervalMs: number;
  onTick: (snapshot: FeedSnapshot) => void;
  now?: () => number;
  /** Points kept per symbol for sparklines. */
  historyLimit?: number;
  maxBackoffMs?: number;
  /** The shortest time without a tick that makes prices stale, whatever the interval (10 s by default). */
  staleFloorMs?: number;
  schedule?: (fn: () => void, ms: number) => { cancel(): void };
  /** The owner's lifetime (a profile scope): once aborted, the poller is stopped for good. */
  signal?: AbortSignal;
}

export interface RatesPoller {
  start(): void;
  /**
   * Stops polling and publishing at once: the pending timer is cancelled and a poll already in flight
   * is abandoned (its request aborted, its answer discarded), so nothing ticks until start() again.
   */
  stop(): void;
  /** Returns the snapshot with the new flag, and publishes it too unless the poller is stopped. */
  setPaused(paused: boolean): FeedSnapshot;
  setInterval(ms: number): void;
  /**
   * One poll now (also used by tests); resolves once its tick is published, or once it is abandoned
   * because the poller was stopped meanwhile. On a stopped poller it does nothing.
   */
  pollOnce(): Promise<void>;
  snapshot(): FeedSnapshot;
}

const defaultSchedule = (fn: () => void, ms: number) => {
  const timer = setTimeout(fn, ms);
  timer.unref?.();
  return { cancel: () => clearTimeout(timer) };
};

export function createRatesPoller(options: RatesPollerOptions): RatesPoller {
  const now = options.now ?? Date.now;
  const historyLimit = options.historyLimit ?? RATE_HISTORY_POINTS;
  const maxBackoffMs = options.maxBackoffMs ?? 60_000;
  const staleFloorMs = options.staleFloorMs ?? 10_000;
  const schedule = options.schedule ?? defaultSchedule;
  let intervalMs = options.intervalMs;
  let rows: RatesSnapshot['rows'] = [];
  const history = new Map<string, string[]>();
  const openPrices = new Map<string, string>();
  let lastTickAt: number | null = null;
  let error: ErrorInfo | null = null;
  let failures = 0;
  let paused = false;
  let running = false;
  let stopped = false;
  let timer: { cancel(): void } | undefined;
  // The poll of the chain in flight, if any: it schedules the next one itself when it ends, so a
  // resume or a new interval meanwhile must not schedule another (that would be a second chain).
  let inFlight: object | null = null;
  // Every poll belongs to the epoch it started in; stop() ends the epoch. A poll checks its epoch
  // after each await, so an answer that arrives after stop() (the previous profile's prices, or an
  // error that would flip the connection status) changes nothing and publishes nothing.
  let epoch = new AbortController();
  const owner = options.signal;
  const ended = () => stopped || owner?.aborted === true;

  // Stale once three polls have been missed: one slow answer is not worth an alarm.
  const isStale = () =>
    lastTickAt === null ? error !== null : now() - lastTickAt > Math.max(3 * intervalMs, staleFloorMs);

  function snapshot(): FeedSnapshot {
    return {
      rows,
      history: Object.fromEntries(history),
      lastTickAt: lastTickAt === null ? null : new Date(lastTickAt).toISOString(),
      stale: isStale(),
      paused,
      error,
    };
  }

  async function pollOnce(): Promise<void> {
    if (ended()) return;
    const { signal } = epoch;
    try {
      const rates = await options.source.getCoinRates({ signal });
      if (signal.aborted) return;
      // The catalog only adds fees and titles: without it the table still shows prices and limits.
      const catalog = await options.source.getCoinCatalog({ signal }).catch(() => undefined);
      if (signal.aborted) return;
      rows = buildRateRows(rates, catalog, openPrices);
      for (const row of rows) {
        if (row.usdPrice === null) continue;
        const points = history.get(row.symbol) ?? [];
        points.push(row.usdPrice);
        if (points.length > historyLimit) points.splice(0, points.length - historyLimit);
        history.set(row.symbol, points);
      }
      lastTickAt = now();
      error = null;
      failures = 0;
    } catch (caught) {
      if (signal.aborted) return;
      failures++;
      error = toErrorInfo(caught);
    }
    options.onTick(snapshot());
  }

  /** One poll, then the next one scheduled, unless the epoch it started in has ended meanwhile. */
  function cycle(): void {
    const { signal } = epoch;
    const poll = {};
    inFlight = poll;
    void pollOnce().finally(() => {
      if (inFlight === poll) inFlight = null;
      if (!signal.aborted) next();
    });
  }

  function next(): void {
    // Cancelled first: a resume while a poll is in flight must not leave two chains running.
    timer?.cancel();
    timer = undefined;
    if (!running || paused) return;
    // Back off on failure so a struggling service is not hammered; recover at the normal pace.
    const delay = failures === 0 ? intervalMs : Math.min(intervalMs * 2 ** failures, maxBackoffMs);
    timer = schedule(cycle, delay);
  }

  function stop(): void {
    running = false;
    stopped = true;
    timer?.cancel();
    timer = undefined;
    epoch.abort();
    epoch = new AbortController();
    inFlight = null;
  }
  owner?.addEventListener('abort', stop, { once: true });

  return {
    start() {
      if (running || owner?.aborted) return;
      running = true;
      stopped = false;
      cycle();
    },
    stop,
    setPaused(value) {
      paused = value;
      timer?.cancel();
      timer = undefined;
      if (!paused && running && !inFlight) next();
      const current = snapshot();
      if (!ended()) options.onTick(current);
      return current;
    },
    setInterval(ms) {
      intervalMs = ms;
      if (running && !paused && !inFlight) next();
    },
    pollOnce,
    snapshot,
  };
}

/** What a poll pushes to the window: the snapshot without the history (see RatesTick). */
export function tickOf(snapshot: RatesSnapshot): RatesTick {
  const { history: _sentOnRequestOnly, ...tick } = snapshot;
  return tick;
}
