import { AppError, type ErrorKind } from '@shared/errors';

/**
 * One error class for everything the API client can report. `kind` says which shape the service
 * answered with (or that it never answered), so callers branch on data, never on message text.
 * Messages are written for a person: what happened, then what to do next.
 */

export type ApiErrorKind = Extract<
  ErrorKind,
  | 'auth'
  | 'controller'
  | 'validation'
  | 'throttle'
  | 'provider-card'
  | 'not-json'
  | 'schema'
  | 'transport'
  | 'request'
  | 'not-found'
  | 'answer-too-large'
>;

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  operation?: string;
  httpStatus?: number;
  /** The service's own words (AuthError.error or ControllerError.message), trace never included. */
  serverMessage?: string;
  fieldErrors?: Record<string, string[]>;
  retryAfterSeconds?: number;
  failureCode?: string;
  /** Extra fields of the error body (e.g. a fee breakdown), transport causes, schema paths. */
  details?: Record<string, unknown>;
}

export interface ApiErrorJson extends Omit<ApiErrorInit, 'message'> {
  name: 'ApiError';
  message: string;
}

export class ApiError extends AppError {
  declare readonly kind: ApiErrorKind;
  readonly operation?: string;
  readonly httpStatus?: number;
  readonly serverMessage?: string;
  readonly fieldErrors?: Record<string, string[]>;
  readonly retryAfterSeconds?: number;
  readonly failureCode?: string;
  readonly details?: Record<string, unknown>;

  constructor(init: ApiErrorInit) {
    super(init.kind, init.message, {
      httpStatus: init.httpStatus,
      fieldErrors: init.fieldErrors,
      retryAfterSeconds: init.retryAfterSeconds,
      failureCode: init.failureCode,
      details: init.details,
    });
    this.name = 'ApiError';
    this.operation = init.operation;
    this.httpStatus = init.httpStatus;
    this.serverMessage = init.serverMessage;
    this.fieldErrors = init.fieldErrors;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.failureCode = init.failureCode;
    this.details = init.details;
  }

  toInit(): ApiErrorInit {
    return {
      kind: this.kind,
      message: this.message,
      operation: this.operation,
      httpStatus: this.httpStatus,
      serverMessage: this.serverMessage,
      fieldErrors: this.fieldErrors,
      retryAfterSeconds: this.retryAfterSeconds,
      failureCode: this.failureCode,
      details: this.details,
    };
  }

  /** Plain data for IPC and logs; undefined members are dropped so the JSON stays small. */
  toJSON(): ApiErrorJson {
    const out: Record<string, unknown> = { name: 'ApiError' };
    for (const [key, value] of Object.entries(this.toInit())) {
      if (value !== undefined) out[key] = value;
    }
    return out as unknown as ApiErrorJson;
  }
}

const REDACTED = '[redacted]';

function redactValue(value: unknown, secret: string, depth: number): unknown {
  if (typeof value === 'string') return value.split(secret).join(REDACTED);
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secret, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    out[key.split(secret).join(REDACTED)] = redactValue(member, secret, depth + 1);
  }
  return out;
}

/**
 * A server or proxy could echo a header back into its error text; the key must never reach the UI,
 * logs or the journal, so every error leaving the client passes through here.
 */
export function redactSecret(error: ApiError, secret: string | undefined): ApiError {
  if (!secret) return error;
  const init = redactValue(error.toInit(), secret, 0) as ApiErrorInit;
  return new ApiError(init);
}

export function requestError(
  operation: string,
  message: string,
  fieldErrors?: Record<string, string[]>,
): ApiError {
  return new ApiError({ kind: 'request', operation, message, fieldErrors });
}

/** Keeps a server-provided text short enough to show and log. */
export function shorten(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : flat.slice(0, max - 1) + '…';
}
