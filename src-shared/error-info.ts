import { ZodError } from 'zod';
import { AppError, type ErrorExtras, type ErrorInfo } from './errors';
import { zodFieldErrors } from './field-errors';

/**
 * Turns anything main throws into the shape the renderer can act on (shared so that services, which
 * sit below the IPC layer, report failures the same way). An AppError keeps its kind
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
