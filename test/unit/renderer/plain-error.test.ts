import { describe, expect, it } from 'vitest';
import type { ErrorInfo } from '@contract';
import { plainError } from '@renderer/lib/plain-error';

const TECHNICAL = /getMerchantBalances|ECONNREFUSED|HTTP \d{3}/;

describe('plain words for a failure', () => {
  it.each<[ErrorInfo, RegExp]>([
    [
      { kind: 'transport', message: 'getMerchantBalances (ECONNREFUSED)' },
      /cannot reach the payment service/,
    ],
    [
      { kind: 'auth', httpStatus: 401, message: 'HTTP 401 Invalid sign' },
      /did not accept this profile’s API key/,
    ],
    [{ kind: 'controller', httpStatus: 500, message: 'HTTP 500' }, /internal error on its side/],
    [{ kind: 'validation', httpStatus: 422, message: 'HTTP 422' }, /refused the request/],
    [{ kind: 'throttle', httpStatus: 429, retryAfterSeconds: 7, message: 'HTTP 429' }, /slow down/],
  ])('words %o by its kind, never by operation names or codes', (error, cause) => {
    const plain = plainError(error);
    expect(plain.cause).toMatch(cause);
    expect(`${plain.cause} ${plain.next}`).not.toMatch(TECHNICAL);
    expect(plain.rewritten).toBe(true);
  });

  it('keeps the team ledger’s refusal in its words: it is about the team, not the API key', () => {
    const error: ErrorInfo = {
      kind: 'auth',
      message: 'Your role in the team does not allow this; ask an admin.',
      details: { refusedBy: 'team' },
    };
    expect(plainError(error)).toEqual({ cause: error.message, next: '', rewritten: false });
  });

  it('keeps a message the desk already words plainly', () => {
    const error: ErrorInfo = { kind: 'profile-invalid', message: 'Keep the name to 60 characters or fewer.' };
    expect(plainError(error)).toEqual({ cause: error.message, next: '', rewritten: false });
  });
});
