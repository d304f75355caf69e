import { ApiError, shorten } from './errors';

/**
 * Turns a non-2xx answer into an ApiError. The spec says: branch on the HTTP status first, then parse
 * the shape that applies, because one status can carry two shapes (400: AuthError or ControllerError;
 * 429: ThrottleError or ControllerError) and a proxy can answer with HTML.
 */

export interface ErrorResponse {
  operation: string;
  status: number;
  headers: Headers;
  text: string;
}

type JsonObject = Record<string, unknown>;

// Fields that have their own ApiError member, and `trace`, which is diagnostic and never shown.
const KNOWN_FIELDS = new Set([
  'status',
  'message',
  'trace',
  'errors',
  'error',
  'retry_after',
  'failure_code',
]);

const CARD_OPERATION = 'createProviderCardOrder';

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function extras(body: JsonObject): Record<string, unknown> | undefined {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(body)) {
    if (!KNOWN_FIELDS.has(key)) out[key] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function zodFieldErrors(body: JsonObject): Record<string, string[]> | undefined {
  if (!isObject(body.errors)) return undefined;
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(body.errors)) {
    const list = Array.isArray(messages) ? messages : [messages];
    out[field] = list.map((m) => shorten(typeof m === 'string' ? m : JSON.stringify(m), 300));
  }
  return out;
}

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfterHeader(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number.parseInt(text, 10);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - nowMs) / 1000));
}

const AUTH_ADVICE: Record<string, string> = {
  'Missing headers':
    'The request lacked its Merchant or Sign header; this is a Merchant Desk bug, please report it.',
  'Missing timestamp':
    'The withdrawal lacked its Timestamp header; this is a Merchant Desk bug, please report it.',
  'Invalid merchant': 'Check the merchant ID and API key in the profile settings.',
  'Invalid sign': 'Check that the API key in the profile settings is the current one.',
  'Timestamp expired':
    "Check this computer's clock: the service accepts timestamps within 300 seconds of its own time.",
  'Merchant account is suspended':
    'Contact the payment service; nothing can be sent until the account is active.',
};

function statusAdvice(status: number, operation: string): string {
  if (status === 409 && operation === 'createInvoice') {
    return 'An invoice with this order_id already exists: look it up instead of creating it again.';
  }
  if (status === 409) return 'The same operation is already in progress; wait and check before trying again.';
  if (status === 404) return 'Check the code or identifier and try again.';
  if (status >= 500) return 'The service had an internal problem; try again later.';
  if (status === 401 || status === 403)
    return 'Check the profile credentials and the merchant account status.';
  return 'Correct the request and try again.';
}

function messageOf(body: JsonObject): string | undefined {
  if (typeof body.message === 'string') return shorten(body.message, 300);
  if (typeof body.error === 'string') return shorten(body.error, 300);
  return undefined;
}

export function errorFromResponse(res: ErrorResponse, nowMs: number): ApiError {
  const { operation, status, headers, text } = res;
  const headerRetry = parseRetryAfterHeader(headers.get('retry-after'), nowMs);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return new ApiError({
      kind: status === 429 ? 'throttle' : 'not-json',
      operation,
      httpStatus: status,
      retryAfterSeconds: headerRetry,
      message:
        `The service (or a proxy in front of it) answered ${operation} with HTTP ${status} and a body that is not JSON. ` +
        statusAdvice(status, operation),
      details: { excerpt: shorten(text, 200), contentType: headers.get('content-type') ?? undefined },
    });
  }
  const body: JsonObject = isObject(parsed) ? parsed : { body: parsed };
  const serverMessage = messageOf(body);
  const said = serverMessage ? `: "${serverMessage}"` : '';
  const base = { operation, httpStatus: status, serverMessage, details: extras(body) };

  if (status === 429) {
    const ra = body.retry_after;
    const bodyRetry = typeof ra === 'number' && Number.isInteger(ra) && ra >= 0 ? ra : undefined;
    const retryAfterSeconds = bodyRetry ?? headerRetry;
    const wait = retryAfterSeconds !== undefined ? `wait ${retryAfterSeconds} s` : 'wait a minute';
    return new ApiError({
      ...base,
      kind: 'throttle',
      retryAfterSeconds,
      message: `Too many requests for ${operation} (HTTP 429)${said}. Please ${wait} and try again.`,
    });
  }

  const fieldErrors = zodFieldErrors(body);
  if (fieldErrors) {
    const list = Object.entries(fieldErrors)
      .map(([field, msgs]) => `${field}: ${msgs.join(' ').replace(/\.$/, '')}`)
      .join('; ');
    return new ApiError({
      ...base,
      kind: 'validation',
      fieldErrors,
      message: `The service rejected some fields of ${operation} (HTTP ${status}): ${list}. Correct them and try again.`,
    });
  }

  // AuthError is exactly {error}; a ControllerError carries status/message instead.
  if (
    (status === 400 || status === 401 || status === 403) &&
    typeof body.error === 'string' &&
    body.status === undefined
  ) {
    const advice = AUTH_ADVICE[body.error] ?? statusAdvice(status, operation);
    return new ApiError({
      ...base,
      // The service's reason, as data: a stale clock or a suspended account is not a wrong key, and
      // the renderer (which never sees serverMessage) must be able to say which it was.
      details: { authError: shorten(body.error, 100) },
      kind: 'auth',
      message: `The service refused the authentication of ${operation} (HTTP ${status})${said}. ${advice}`,
    });
  }

  const failureCode = typeof body.failure_code === 'string' ? body.failure_code : undefined;
  if (failureCode !== undefined || (operation === CARD_OPERATION && (status === 422 || status === 502))) {
    const code = failureCode ? ` (${failureCode})` : '';
    return new ApiError({
      ...base,
      kind: 'provider-card',
      failureCode,
      message: `Card checkout is not available for this invoice${code}, HTTP ${status}${said}. The payer can still pay in crypto.`,
    });
  }

  if (status === 404) {
    return new ApiError({
      ...base,
      kind: 'not-found',
      message: `Not found for ${operation} (HTTP 404)${said}. ${statusAdvice(status, operation)}`,
    });
  }

  const shapeNote =
    isObject(parsed) && (body.status === 'error' || serverMessage) ? '' : ' (unrecognised error body)';
  return new ApiError({
    ...base,
    details: isObject(parsed) ? base.details : { body: parsed },
    kind: 'controller',
    message: `The service refused ${operation} (HTTP ${status})${said}${shapeNote}. ${statusAdvice(status, operation)}`,
  });
}
