import type { ConnectionStatus, ErrorInfo } from '@contract';
import { isOfflineKind } from '@shared/offline-kind';

/**
 * Where a report comes from. The public price poll ('market') succeeds even when the merchant's own
 * signed requests ('account') are refused, so each keeps its own last failure: a price tick must not
 * clear a refused key, or the status would flip between degraded and online on every poll.
 */
export type ConnectionSource = 'market' | 'account';

/**
 * What the top bar says about the service: online when nothing is failing, offline when the service
 * did not answer as itself (nothing reached it, or a proxy's page answered), degraded when it answered
 * with errors. A change is reported once; repeating the same state and cause says nothing new.
 */
export function createConnectionTracker(onChange: (status: ConnectionStatus) => void, now = Date.now) {
  const failures: Record<ConnectionSource, ErrorInfo | null> = { market: null, account: null };
  let lastSuccessAt: string | null = null;
  let status: ConnectionStatus = { state: 'connecting', error: null, lastSuccessAt: null };

  const publish = () => {
    const offline = [failures.account, failures.market].find((e) => e && isOfflineKind(e.kind)) ?? null;
    // The merchant's own requests say more about the account than the public prices do.
    const error = offline ?? failures.account ?? failures.market;
    const next: ConnectionStatus = {
      state: error ? (offline ? 'offline' : 'degraded') : lastSuccessAt ? 'online' : 'connecting',
      error,
      lastSuccessAt,
    };
    const changed = next.state !== status.state || next.error?.message !== status.error?.message;
    status = next;
    if (changed) onChange(status);
  };

  return {
    status: (): ConnectionStatus => status,
    success(source: ConnectionSource): void {
      failures[source] = null;
      // Reaching the service at all clears "offline" for both: the network is back. A refusal (a
      // bad key, a throttle) stays until the requests it concerns succeed again.
      for (const other of ['market', 'account'] as const) {
        const failure = failures[other];
        if (failure && isOfflineKind(failure.kind)) failures[other] = null;
      }
      lastSuccessAt = new Date(now()).toISOString();
      publish();
    },
    failure(error: ErrorInfo, source: ConnectionSource): void {
      failures[source] = error;
      publish();
    },
    reset(): void {
      failures.market = null;
      failures.account = null;
      lastSuccessAt = null;
      publish();
    },
  };
}
export type ConnectionTracker = ReturnType<typeof createConnectionTracker>;
