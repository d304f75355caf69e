import { ZodError } from 'zod';
import type { ErrorInfo } from '@contract';
import { AppError, ErrorKind, type ErrorExtras } from '@shared/errors';
import { zodFieldErrors } from '@shared/field-errors';

/**
 * Turns anything a handler throws into the shape the renderer can act on. An AppError keeps its kind
 * and extras; a request that fails the contract is 'invalid-request' naming each field; anything
 * else becomes 'internal' with a message that says what to do, never a stack trace.
 */
export function toErrorInfo(error: unknown): ErrorInfo {
  if (error instanceof ZodError) {
    const fieldErrors = zodFieldErrors(error);
    const first = Object.entries(fieldErrors)[0];
    return {
      kind: 'invalid-request',
      message: first ? `Check ${first[0]}: ${first[1][0]}` : 'The request was not valid.',
      fieldErrors,
    };
  }
  if (error instanceof AppError)
    return withExtras({ kind: error.kind, message: error.message }, error.extras);
  if (error instanceof Error) {
    // An error that carries a kind without extending AppError (code written before AppError existed)
    // keeps it only when it is one of the closed list: an unknown kind would be a meaning the
    // renderer cannot branch on, so it becomes 'internal'. New code throws AppError.
    const carried = error as Error & ErrorExtras & { kind?: unknown };
    const kind = ErrorKind.safeParse(carried.kind);
    if (kind.success) return withExtras({ kind: kind.data, message: error.message }, carried);
    return { kind: 'internal', message: `${error.message} If this keeps happening, restart Merchant Desk.` };
  }
  return {
    kind: 'internal',
    message: 'Something went wrong inside Merchant Desk. Restart it and try again.',
  };
}

function withExtras(info: ErrorInfo, extras: ErrorExtras): ErrorInfo {
  if (typeof extras.httpStatus === 'number') info.httpStatus = extras.httpStatus;
  if (extras.fieldErrors) info.fieldErrors = extras.fieldErrors;
  if (typeof extras.retryAfterSeconds === 'number') info.retryAfterSeconds = extras.retryAfterSeconds;
  if (typeof extras.failureCode === 'string') info.failureCode = extras.failureCode;
  if (extras.details !== undefined) info.details = extras.details;
  return info;
}
