import type { BalancesView } from '@contract';
import { toBalancesView } from '../services/balances-view';
import type { BalanceHistoryStore } from '../services/balance-history';
import type { RatesPollerOptions } from '../services/rates-poller';
import type { Session } from './session';

/**
 * How often the active profile's balances are kept (the overview's history chart, reconciliation's
 * per-asset snapshots). Reading the balances writes nothing; only this timer, or an explicit action
 * such as starting a reconciliation, keeps a snapshot. Often enough that the chart of a profile just
 * opened draws its line (two points) within two of the overview's refreshes; the history file itself
 * keeps one point a minute (balance-history.ts).
 */
export const BALANCE_SNAPSHOT_MS = 10_000;

export interface BalanceSnapshotsDeps {
  profileId: string;
  history: Pick<BalanceHistoryStore, 'record'>;
  /** A read of the service that reports to the connection status (the scope's read). */
  read: <T>(run: (session: Session) => Promise<T>) => Promise<T>;
  /** Per-asset snapshots of the same view (reconciliation). */
  onBalances?: ((profileId: string, view: BalancesView) => void) | undefined;
  /** Tests keep the timer still (the same seam as the rates poller's). */
  schedule?: RatesPollerOptions['schedule'];
  /** The scope's lifetime: once aborted, nothing is kept and nothing more is scheduled. */
  signal: AbortSignal;
  now?: () => Date;
  /** Between snapshots; BALANCE_SNAPSHOT_MS unless the test host asks for a quicker pace. */
  everyMs?: number;
}

/**
 * Starts the scope's balance snapshots: the first as the scope opens, then one every
 * BALANCE_SNAPSHOT_MS (or everyMs), one at a time (the next is scheduled when the last has answered).
 */
export function startBalanceSnapshots(deps: BalanceSnapshotsDeps): void {
  const now = deps.now ?? (() => new Date());
  const everyMs = deps.everyMs ?? BALANCE_SNAPSHOT_MS;
  const schedule = deps.schedule ?? unrefTimer;
  let timer: { cancel(): void } | undefined;

  async function take(): Promise<void> {
    const data = await deps.read((s) => s.client.getMerchantBalances());
    // An answer after the scope ended: a new scope for the same profile owns the history file now.
    if (deps.signal.aborted) return;
    const view = toBalancesView(data, now());
    deps.history.record({ at: view.fetchedAt, totalUsd: view.totalUsd });
    deps.onBalances?.(deps.profileId, view);
  }

  const next = (ms: number) => {
    if (deps.signal.aborted) return;
    timer = schedule(() => {
      // A failed read is already on the connection status (the scope's read reports it); the next
      // snapshot simply tries again.
      void take()
        .catch(() => undefined)
        .finally(() => next(everyMs));
    }, ms);
  };
  deps.signal.addEventListener('abort', () => timer?.cancel(), { once: true });
  next(0);
}

/** A timer that does not keep the process alive on its own. */
function unrefTimer(fn: () => void, ms: number): { cancel(): void } {
  const timer = setTimeout(fn, ms);
  timer.unref?.();
  return { cancel: () => clearTimeout(timer) };
}
