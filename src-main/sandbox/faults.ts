/**
 * One-shot faults queued per route (operation id, e.g. "createWithdrawal", or "*" for any route).
 * Each request of that route consumes one; `count` repeats the same fault for the next N requests.
 */
export type FaultKind = 'latency' | 'error500' | 'throttle' | 'drop-before' | 'drop-after' | 'provider-fail';

export interface FaultSpec {
  kind: FaultKind;
  /** latency: delay before handling (the request is then handled normally). */
  ms?: number;
  /** throttle: include retry_after (seconds) in the 429 body and a Retry-After header. */
  retryAfter?: number;
}

export interface QueuedFault extends FaultSpec {
  route: string;
  remaining: number;
}

export const FAULT_KINDS: FaultKind[] = [
  'latency',
  'error500',
  'throttle',
  'drop-before',
  'drop-after',
  'provider-fail',
];

export interface FaultTable {
  add(route: string, spec: FaultSpec, count: number): void;
  take(route: string): FaultSpec | undefined;
  list(): QueuedFault[];
  clear(): void;
}

export function createFaultTable(): FaultTable {
  let queue: QueuedFault[] = [];
  return {
    add(route, spec, count) {
      queue.push({ ...spec, route, remaining: count });
    },
    take(route) {
      const fault = queue.find((f) => f.route === route || f.route === '*');
      if (!fault) return undefined;
      fault.remaining -= 1;
      if (fault.remaining <= 0) queue = queue.filter((f) => f !== fault);
      const { kind, ms, retryAfter } = fault;
      return { kind, ms, retryAfter };
    },
    list: () => queue.map((f) => ({ ...f })),
    clear() {
      queue = [];
    },
  };
}
