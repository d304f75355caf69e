import type { ConnectionStatus, ErrorInfo } from '@contract';

/**
 * What the top bar says about the service: online after any successful call, degraded after an error
 * the service answered with, offline when the service itself did not answer (transport failures,
 * timeouts, or a page that is not its JSON, such as a proxy's error page). A change is announced once;
 * repeating the same state says nothing new.
 */
export function createConnectionTracker(onChange: (status: ConnectionStatus) => void, now = Date.now) {
  let status: ConnectionStatus = { state: 'connecting', message: null, lastSuccessAt: null };
  const set = (next: ConnectionStatus) => {
    const changed = next.state !== status.state || next.message !== status.message;
    status = next;
    if (changed) onChange(status);
  };
  return {
    status: (): ConnectionStatus => status,
    success(): void {
      set({ state: 'online', message: null, lastSuccessAt: new Date(now()).toISOString() });
    },
    failure(error: ErrorInfo): void {
      const offline = error.kind === 'transport' || error.kind === 'not-json';
      set({
        state: offline ? 'offline' : 'degraded',
        message: error.message,
        lastSuccessAt: status.lastSuccessAt,
      });
    },
    reset(): void {
      set({ state: 'connecting', message: null, lastSuccessAt: null });
    },
  };
}
export type ConnectionTracker = ReturnType<typeof createConnectionTracker>;
