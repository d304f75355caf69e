import type { RefusalReason } from '@shared/domain/operations';
import type { ClockTracker } from './clock';
import { ApiError, redactSecret } from './errors';
import { errorFromResponse } from './http-errors';
import {
  checkMerchantId,
  resolveApiKey,
  signedHeaders,
  type ApiKeySource,
  type SigningMode,
} from './request-auth';
import type { AnswerReader } from './tolerant';
import { sendOnce, transportError, type HttpResponse } from './transport';

/**
 * The two ways a call can run. Reads: retried with bounded backoff, signed afresh per attempt.
 * Writes: prepared (encoded and signed once), then sent once, never retried, and classified into
 * accepted / rejected / unknown so the journal can tell "the service did not do it" from "it may have been done".
 */

export interface Endpoint {
  operation: string;
  method: 'GET' | 'POST';
  path: string;
  auth: 'public' | 'merchant';
  /** createWithdrawal: the Timestamp header is required whatever the profile says. */
  forceTimestamped?: boolean;
  /** Canonical JSON; undefined means no body (signed as the empty string). */
  body?: string;
  accept?: string;
}

export interface ExecutorConfig {
  baseUrl: string;
  merchantId: string;
  apiKey: ApiKeySource;
  signing: SigningMode;
  fetch: typeof globalThis.fetch;
  now: () => number;
  timeoutMs: number;
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  sleep: (ms: number) => Promise<void>;
  correctClock: boolean;
  clock: ClockTracker;
}

export interface ReadOptions {
  signal?: AbortSignal;
}

export interface SendOptions {
  /** Aborting before the send starts sends nothing (rejected); after, the answer is unknown. */
  signal?: AbortSignal;
}

/**
 * A write ready to leave: its body encoded once and signed. `body` is the exact bytes sent (empty
 * when there is none), `timestamp` the one signed; the journal records both before `send` runs.
 * The endpoint, headers and reader are for send alone.
 */
export interface PreparedWrite<T> {
  readonly operation: string;
  readonly body: string;
  /** The same body as the value encoded ({} when there is none): what the journal records. */
  readonly record: Readonly<Record<string, unknown>>;
  readonly timestamp?: string;
  readonly endpoint: Endpoint;
  readonly headers: Readonly<Record<string, string>>;
  readonly read: AnswerReader<T>;
  /** The key the headers were signed with, so errors can be cleaned of it; never sent as such. */
  readonly secret: string | undefined;
}

/**
 * `accepted` is any 2xx whose body is JSON: the service did it. `data` is what could be read, `raw`
 * the answer as received (unwrapped from its envelope), `warnings` the gaps in words ("no withdrawal
 * id: ..."), empty when the answer was as documented. The journal records all three with the entry.
 * `rejected`: the service did not do it (`reason` names a known refusal). `unknown`: it may have.
 */
export type WriteOutcome<T> =
  | { outcome: 'accepted'; data: T; raw: unknown; warnings: string[]; httpStatus: number }
  | { outcome: 'rejected'; reason?: RefusalReason; error: ApiError; httpStatus: number | undefined }
  | { outcome: 'unknown'; error: ApiError; httpStatus?: number };

export type Decoder<T> = (operation: string, res: HttpResponse) => T;

const UNKNOWN_NOTE: Record<string, string> = {
  createInvoice: 'Look the invoice up by its order_id before creating it again.',
  createWithdrawal: 'Do not submit it again: wait for the withdrawal webhook and check the balances.',
  createWalletAddress: 'Check the wallet list before creating another: a repeat creates a second wallet.',
  createProviderCardOrder: 'Look the invoice up; a new attempt reuses an order that is already active.',
};

function unknownOutcome(error: ApiError): ApiError {
  const note = UNKNOWN_NOTE[error.operation ?? ''] ?? 'Check whether it happened before repeating it.';
  return new ApiError({
    ...error.toInit(),
    message: `${error.message} The outcome is unknown: it may have been performed. ${note}`,
  });
}

/** The spec's 409 on createInvoice: the order_id was already accepted (the original is not replayed). */
function refusalReason(operation: string, status: number): RefusalReason | undefined {
  return operation === 'createInvoice' && status === 409 ? 'duplicate' : undefined;
}

function asApiError(operation: string, error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  // Not expected: decoders and transport only throw ApiError. Treat it as a lost answer.
  return transportError(operation, 'connection-lost');
}

export function createExecutor(cfg: ExecutorConfig) {
  const url = (path: string): string => cfg.baseUrl + path;

  function sign(ep: Endpoint, key: string | undefined) {
    const headers: Record<string, string> = { Accept: ep.accept ?? 'application/json' };
    if (ep.body !== undefined) headers['Content-Type'] = 'application/json';
    let timestamp: string | undefined;
    if (ep.auth === 'merchant' && key !== undefined) {
      const mode: SigningMode = ep.forceTimestamped ? 'timestamped' : cfg.signing;
      const offset = cfg.correctClock ? (cfg.clock.current()?.offsetMs ?? 0) : 0;
      const signed = signedHeaders(cfg.merchantId, key, ep.body ?? '', mode, cfg.now() + offset);
      Object.assign(headers, signed.headers);
      timestamp = signed.timestamp;
    }
    return { headers, timestamp };
  }

  async function credentials(ep: Endpoint): Promise<string | undefined> {
    if (ep.auth !== 'merchant') return undefined;
    checkMerchantId(ep.operation, cfg.merchantId);
    return resolveApiKey(ep.operation, cfg.apiKey);
  }

  async function exchange(
    ep: Endpoint,
    headers: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<HttpResponse> {
    const res = await sendOnce(
      cfg.fetch,
      {
        operation: ep.operation,
        url: url(ep.path),
        method: ep.method,
        headers,
        body: ep.body,
        timeoutMs: cfg.timeoutMs,
        signal,
      },
      cfg.now,
    );
    cfg.clock.observe(res.headers.get('date'), res.startedAt, res.endedAt, res.headers.get('age'));
    return res;
  }

  function httpError(ep: Endpoint, res: HttpResponse): ApiError {
    const text = new TextDecoder('utf-8').decode(res.body);
    return errorFromResponse(
      { operation: ep.operation, status: res.status, headers: res.headers, text },
      cfg.now(),
    );
  }

  const staleTimestamp = (error: ApiError): boolean =>
    cfg.correctClock && error.kind === 'auth' && error.details?.authError === 'Timestamp expired';

  /** undefined: do not retry. A server-requested wait beyond maxDelayMs is honoured by giving up. */
  function retryDelay(error: ApiError, failedAttempt: number): number | undefined {
    const backoff = Math.min(cfg.maxDelayMs, cfg.baseDelayMs * 2 ** (failedAttempt - 1));
    if (error.kind === 'transport') return error.details?.cause === 'aborted' ? undefined : backoff;
    const status = error.httpStatus ?? 0;
    if (status === 429) {
      if (error.retryAfterSeconds === undefined) return backoff;
      const wanted = error.retryAfterSeconds * 1000;
      return wanted <= cfg.maxDelayMs ? wanted : undefined;
    }
    return status >= 500 ? backoff : undefined;
  }

  async function read<T>(
    ep: Endpoint,
    decode: Decoder<T>,
    options: ReadOptions = {},
  ): Promise<{ value: T; res: HttpResponse }> {
    let key: string | undefined = typeof cfg.apiKey === 'string' ? cfg.apiKey : undefined;
    try {
      key = (await credentials(ep)) ?? key;
      let resigned = false;
      for (let attempt = 1; ; attempt++) {
        const offsetUsed = cfg.clock.current()?.offsetMs;
        const { headers } = sign(ep, key);
        let error: ApiError;
        try {
          const res = await exchange(ep, headers, options.signal);
          if (res.status >= 200 && res.status < 300) return { value: decode(ep.operation, res), res };
          error = httpError(ep, res);
        } catch (e) {
          error = asApiError(ep.operation, e);
          if (error.kind !== 'transport') throw error;
        }
        // The refusal's Date header measured the clock afresh: a read signed again with it is safe
        // and would be accepted, so do it once, now, instead of showing a clock error for one read.
        if (!resigned && staleTimestamp(error) && cfg.clock.current()?.offsetMs !== offsetUsed) {
          resigned = true;
          continue;
        }
        const delay = attempt < cfg.attempts ? retryDelay(error, attempt) : undefined;
        if (delay === undefined) throw error;
        await cfg.sleep(delay);
      }
    } catch (e) {
      throw e instanceof ApiError ? redactSecret(e, key) : e;
    }
  }

  /** Resolves the key and signs: throws (a request or key error) before anything is recorded or sent. */
  async function prepareWrite<T>(
    ep: Endpoint,
    record: Record<string, unknown>,
    read: AnswerReader<T>,
  ): Promise<PreparedWrite<T>> {
    let key: string | undefined = typeof cfg.apiKey === 'string' ? cfg.apiKey : undefined;
    try {
      key = (await credentials(ep)) ?? key;
      const { headers, timestamp } = sign(ep, key);
      return {
        operation: ep.operation,
        body: ep.body ?? '',
        record,
        ...(timestamp === undefined ? {} : { timestamp }),
        endpoint: ep,
        headers,
        read,
        secret: key,
      };
    } catch (e) {
      throw e instanceof ApiError ? redactSecret(e, key) : e;
    }
  }

  /** Sends the prepared bytes once (never retried) and classifies the answer; never throws. */
  async function sendWrite<T>(
    prepared: PreparedWrite<T>,
    options: SendOptions = {},
  ): Promise<WriteOutcome<T>> {
    const ep = prepared.endpoint;
    const clean = (error: ApiError): ApiError => redactSecret(error, prepared.secret);
    if (options.signal?.aborted) {
      const error = transportError(ep.operation, 'not-connected', 'CANCELLED_BEFORE_SEND');
      return { outcome: 'rejected', error: clean(error), httpStatus: undefined };
    }
    let res: HttpResponse;
    try {
      res = await exchange(ep, { ...prepared.headers }, options.signal);
    } catch (e) {
      const error = asApiError(ep.operation, e);
      // Refused before connecting: no byte left, so the service cannot have performed it.
      if (error.details?.notSent === true)
        return { outcome: 'rejected', error: clean(error), httpStatus: undefined };
      return { outcome: 'unknown', error: clean(unknownOutcome(error)) };
    }
    const httpStatus = res.status;
    if (httpStatus >= 200 && httpStatus < 300) {
      try {
        // Throws only for a body that is not JSON (or says "error"): that alone stays unknown.
        return { outcome: 'accepted', ...prepared.read(ep.operation, res), httpStatus };
      } catch (e) {
        return { outcome: 'unknown', error: clean(unknownOutcome(asApiError(ep.operation, e))), httpStatus };
      }
    }
    const error = httpError(ep, res);
    if (httpStatus >= 400 && httpStatus < 500) {
      const reason = refusalReason(ep.operation, httpStatus);
      return { outcome: 'rejected', ...(reason ? { reason } : {}), error: clean(error), httpStatus };
    }
    // 5xx, and 1xx/3xx that should never come back: the service may have acted before failing.
    return { outcome: 'unknown', error: clean(unknownOutcome(error)), httpStatus };
  }

  return { read, prepareWrite, sendWrite };
}
