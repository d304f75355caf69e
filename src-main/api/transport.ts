import { ApiError } from './errors';

/**
 * One HTTP exchange with a per-attempt deadline that also covers reading the body (a server that
 * sends headers and then stalls is as unanswered as one that never replies). Failures are reported
 * as 'transport' ApiErrors that say whether the request can have reached the service.
 */

export interface HttpRequest {
  operation: string;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** The largest answer read (default MAX_ANSWER_BYTES); a longer one is cut off unread. */
  maxBytes?: number;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  body: Uint8Array;
  startedAt: number;
  endedAt: number;
}

/**
 * No answer of this contract comes near this (catalogs and QR images are kilobytes): a larger one is a
 * fault or an attack, and reading it whole would hold main's memory and time hostage.
 */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

export type TransportCause = 'timeout' | 'aborted' | 'not-connected' | 'connection-lost';

/**
 * Errors raised before a TCP connection exists: not one byte of the request left this machine.
 * Anything else (reset, hang-up, a socket closed mid-answer) may have happened after the service read it.
 */
const NOT_CONNECTED_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function errorCodes(error: unknown, depth = 0): string[] {
  if (depth > 5 || typeof error !== 'object' || error === null) return [];
  const e = error as { code?: unknown; cause?: unknown; errors?: unknown };
  const own = typeof e.code === 'string' ? [e.code] : [];
  const nested = Array.isArray(e.errors) ? e.errors.flatMap((x) => errorCodes(x, depth + 1)) : [];
  return [...own, ...nested, ...errorCodes(e.cause, depth + 1)];
}

export function transportError(
  operation: string,
  cause: TransportCause,
  code?: string,
  timeoutMs?: number,
): ApiError {
  const notSent = cause === 'not-connected';
  const what: Record<TransportCause, string> = {
    timeout: `No answer to ${operation} within ${Math.round((timeoutMs ?? 0) / 1000)} s`,
    aborted: `${operation} was cancelled while waiting for the answer`,
    'not-connected': `Could not connect to the service for ${operation}${code ? ` (${code})` : ''}; nothing was sent`,
    'connection-lost': `The connection was lost during ${operation}${code ? ` (${code})` : ''}`,
  };
  const next = notSent
    ? 'Check the network and the profile address, then try again.'
    : 'Check the network and try again later.';
  return new ApiError({
    kind: 'transport',
    operation,
    message: `${what[cause]}. ${next}`,
    details: { cause, code, notSent },
  });
}

export async function sendOnce(
  fetchImpl: typeof globalThis.fetch,
  req: HttpRequest,
  now: () => number,
): Promise<HttpResponse> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, req.timeoutMs);
  const onCallerAbort = (): void => controller.abort();
  req.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const startedAt = now();
  try {
    if (req.signal?.aborted) controller.abort();
    const res = await fetchImpl(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      // A followed 307/308 would send a write a second time to another address; never follow.
      redirect: 'manual',
      signal: controller.signal,
    });
    const body = await readCapped(req.operation, res, req.maxBytes ?? MAX_ANSWER_BYTES);
    return { status: res.status, headers: res.headers, body, startedAt, endedAt: now() };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) throw transportError(req.operation, 'timeout', undefined, req.timeoutMs);
    if (req.signal?.aborted) throw transportError(req.operation, 'aborted');
    const codes = errorCodes(error);
    const refused = codes.find((c) => NOT_CONNECTED_CODES.has(c));
    if (refused !== undefined) throw transportError(req.operation, 'not-connected', refused);
    throw transportError(req.operation, 'connection-lost', codes[0]);
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', onCallerAbort);
  }
}

function tooLarge(operation: string, status: number, maxBytes: number): ApiError {
  const limit = `${Math.round(maxBytes / 1024)} KB`;
  return new ApiError({
    kind: 'answer-too-large',
    operation,
    httpStatus: status,
    message: `The service's answer to ${operation} was larger than ${limit}, so it was not read. If this was a payment or withdrawal, check whether it happened before trying again; report this to the payment provider.`,
    details: { maxBytes },
  });
}

/** The body, read chunk by chunk and given up (the connection cancelled) as soon as it passes maxBytes. */
async function readCapped(operation: string, res: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw tooLarge(operation, res.status, maxBytes);
  }
  if (!res.body) return new Uint8Array(await res.arrayBuffer());
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(operation, res.status, maxBytes);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
