import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '@shared/errors';
import { ApiError } from '@main/api/errors';
import { toErrorInfo } from '@shared/error-info';
import { SecretStoreError } from '@main/secrets';
import { ProfileError } from '@main/services/profiles';

describe('toErrorInfo: how a failure reaches the user', () => {
  it('names every invalid field of a request', () => {
    const parsed = z.object({ amount: z.string(), to: z.string() }).safeParse({ amount: 1 });
    const info = toErrorInfo(parsed.error);
    expect(info.kind).toBe('invalid-request');
    expect(Object.keys(info.fieldErrors ?? {}).sort()).toEqual(['amount', 'to']);
    expect(info.message).toMatch(/^Check amount:/);
  });

  it('keeps a profile error’s kind and field errors', () => {
    const info = toErrorInfo(
      new ProfileError('profile-invalid', 'Invalid profile', { baseUrl: ['live profiles need https'] }),
    );
    expect(info).toEqual({
      kind: 'profile-invalid',
      message: 'Invalid profile',
      fieldErrors: { baseUrl: ['live profiles need https'] },
    });
  });

  it('reads any AppError generically: kind and extras, nothing else', () => {
    const error = new AppError('journal-locked', 'The journal is in use.', { details: { pid: 1 } });
    expect(toErrorInfo(error)).toEqual({
      kind: 'journal-locked',
      message: 'The journal is in use.',
      details: { pid: 1 },
    });
  });

  it('takes a kind only from AppError: a bare error carrying one is internal', () => {
    const stray = Object.assign(new Error('The receiver port is taken.'), { kind: 'receiver' });
    expect(toErrorInfo(stray).kind).toBe('internal');
    const lookalike = Object.assign(new Error('Clock off.'), { kind: 'clock-skew' });
    expect(toErrorInfo(lookalike).kind).toBe('internal');
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
      new SecretStoreError('keychain-unavailable', 'No keychain: install and unlock gnome-keyring.'),
    );
    expect(info).toEqual({
      kind: 'keychain-unavailable',
      message: 'No keychain: install and unlock gnome-keyring.',
    });
  });

  it('hides internals of unexpected errors behind a next step', () => {
    expect(toErrorInfo(new TypeError('x is undefined')).message).toMatch(/restart Merchant Desk/);
    expect(toErrorInfo('string thrown').kind).toBe('internal');
  });
});
