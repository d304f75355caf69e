import { ZodError } from 'zod';
import type { ErrorInfo } from '@contract';

/**
 * Turns anything a handler throws into the shape the renderer can act on. Errors that already carry
 * a kind (ApiError, SecretStoreError, journal errors) keep it; unknown errors become 'internal' with
 * a message that says what to do, never a stack trace.
 */
export function toErrorInfo(error: unknown): ErrorInfo {
  if (error instanceof ZodError) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of error.issues) {
      const field = issue.path.length ? issue.path.map(String).join('.') : '(request)';
      (fieldErrors[field] ??= []).push(issue.message);
    }
    const first = Object.entries(fieldErrors)[0];
    return {
      kind: 'invalid-request',
      message: first ? `Check ${first[0]}: ${first[1][0]}` : 'The request was not valid.',
      fieldErrors,
    };
  }
  if (error instanceof Error) {
    const carried = error as Error & Partial<ErrorInfo>;
    if (typeof carried.kind === 'string') {
      const info: ErrorInfo = { kind: carried.kind, message: error.message };
      if (typeof carried.httpStatus === 'number') info.httpStatus = carried.httpStatus;
      if (carried.fieldErrors) info.fieldErrors = carried.fieldErrors;
      if (typeof carried.retryAfterSeconds === 'number') info.retryAfterSeconds = carried.retryAfterSeconds;
      if (typeof carried.failureCode === 'string') info.failureCode = carried.failureCode;
      if (carried.details !== undefined) info.details = carried.details;
      return info;
    }
    return { kind: 'internal', message: `${error.message} If this keeps happening, restart Merchant Desk.` };
  }
  return {
    kind: 'internal',
    message: 'Something went wrong inside Merchant Desk. Restart it and try again.',
  };
}
