import type { ErrorInfo, RatesSnapshot } from '@contract';
import type { CoinCatalog, CoinRates } from '../api/schemas';
import { toErrorInfo } from '../ipc/error-info';
import { buildRateRows } from './rates-view';

export interface RatesSource {
  getCoinRates(): Promise<CoinRates>;
  /** Cached by the client for the catalog's Cache-Control lifetime. */
  getCoinCatalog(): Promise<CoinCatalog>;
}

export interface RatesPollerOptions {
  source: RatesSource;
  intervalMs: number;
  onTick: (snapshot: RatesSnapshot) => void;
  now?: () => number;
  /** Points kept per symbol for sparklines. */
  historyLimit?: number;
  maxBackoffMs?: number;
  schedule?: (fn: () => void, ms: number) => { cancel(): void };
}

export interface RatesPoller {
  start(): void;
  stop(): void;
  setPaused(paused: boolean): RatesSnapshot;
  setInterval(ms: number): void;
  /** One poll now (also used by tests); resolves when the tick is published. */
  pollOnce(): Promise<void>;
  snapshot(): RatesSnapshot;
}

const defaultSchedule = (fn: () => void, ms: number) => {
  const timer = setTimeout(fn, ms);
  timer.unref?.();
  return { cancel: () => clearTimeout(timer) };
};

export function createRatesPoller(options: RatesPollerOptions): RatesPoller {
  const now = options.now ?? Date.now;
  const historyLimit = options.historyLimit ?? 60;
  const maxBackoffMs = options.maxBackoffMs ?? 60_000;
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
  let timer: { cancel(): void } | undefined;

  // Stale once three polls have been missed: one slow answer is not worth an alarm.
  const isStale = () =>
    lastTickAt === null ? error !== null : now() - lastTickAt > Math.max(3 * intervalMs, 10_000);

  function snapshot(): RatesSnapshot {
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
    try {
      const rates = await options.source.getCoinRates();
      // The catalog only adds fees and titles: without it the table still shows prices and limits.
      const catalog = await options.source.getCoinCatalog().catch(() => undefined);
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
      failures++;
      error = toErrorInfo(caught);
    }
    options.onTick(snapshot());
  }

  function next(): void {
    if (!running || paused) return;
    // Back off on failure so a struggling service is not hammered; recover at the normal pace.
    const delay = failures === 0 ? intervalMs : Math.min(intervalMs * 2 ** failures, maxBackoffMs);
    timer = schedule(() => {
      void pollOnce().finally(next);
    }, delay);
  }

  return {
    start() {
      if (running) return;
      running = true;
      void pollOnce().finally(next);
    },
    stop() {
      running = false;
      timer?.cancel();
    },
    setPaused(value) {
      paused = value;
      timer?.cancel();
      if (!paused && running) next();
      const current = snapshot();
      options.onTick(current);
      return current;
    },
    setInterval(ms) {
      intervalMs = ms;
      if (running && !paused) {
        timer?.cancel();
        next();
      }
    },
    pollOnce,
    snapshot,
  };
}
