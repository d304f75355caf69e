import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../../src-main/api/errors';
import { toErrorInfo } from '../../../src-main/ipc/error-info';
import { SecretStoreError } from '../../../src-main/secrets';
import { ProfileError } from '../../../src-main/services/profiles';

describe('toErrorInfo: how a failure reaches the user', () => {
  it('names every invalid field of a request', () => {
    const parsed = z.object({ amount: z.string(), to: z.string() }).safeParse({ amount: 1 });
    const info = toErrorInfo(parsed.error);
    expect(info.kind).toBe('invalid-request');
    expect(Object.keys(info.fieldErrors ?? {}).sort()).toEqual(['amount', 'to']);
    expect(info.message).toMatch(/^Check amount:/);
  });

  it('turns a profile error’s one-message-per-field into lists', () => {
    const info = toErrorInfo(
      new ProfileError('invalid', 'Invalid profile', { baseUrl: 'live profiles need https' }),
    );
    expect(info).toMatchObject({ kind: 'invalid', fieldErrors: { baseUrl: ['live profiles need https'] } });
  });

  it('keeps what the UI acts on from a service error: status, field errors, retry time', () => {
    const info = toErrorInfo(
      new ApiError({
        kind: 'throttle',
        operation: 'getMerchantBalances',
        message: 'Too many requests; try again in 7 s.',
        httpStatus: 429,
        retryAfterSeconds: 7,
      }),
    );
    expect(info).toMatchObject({ kind: 'throttle', httpStatus: 429, retryAfterSeconds: 7 });
  });

  it('passes on the keychain’s fix-it message', () => {
    const info = toErrorInfo(
      new SecretStoreError('unavailable', 'No keychain: install and unlock gnome-keyring.'),
    );
    expect(info).toEqual({ kind: 'unavailable', message: 'No keychain: install and unlock gnome-keyring.' });
  });

  it('hides internals of unexpected errors behind a next step', () => {
    expect(toErrorInfo(new TypeError('x is undefined')).message).toMatch(/restart Merchant Desk/);
    expect(toErrorInfo('string thrown').kind).toBe('internal');
  });
});
