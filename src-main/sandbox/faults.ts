import { FAULT_KINDS, type FaultKind } from '@shared/domain/sandbox-controls';

/**
 * One-shot faults queued per route (operation id, e.g. "createWithdrawal", or "*" for any route).
 * Each request of that route consumes one; `count` repeats the same fault for the next N requests.
 * The kinds are the one list the Sandbox screen offers too:
 * - latency: the request waits `ms`, then is handled normally (a client that gave up still gets it done);
 * - error500 / throttle / bad-gateway-html / drop-before: answered before anything is performed;
 * - drop-after / non-json-2xx: performed and saved, then the answer is lost or unreadable;
 * - provider-fail: the card provider refuses (the route acts on it).
 */
export { FAULT_KINDS, type FaultKind };

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

/** What a proxy in front of the service sends when the service is down: an HTML page, not an error body. */
export const BAD_GATEWAY_PAGE =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n</body>\r\n</html>\r\n';

/** A 2xx that is not JSON: what a misconfigured proxy or a PHP notice printed before the body looks like. */
export const NON_JSON_OK_BODY =
  '<br />\n<b>Warning</b>: Undefined array key "data" in <b>Controller.php</b><br />\nOK';
