import { z } from 'zod';

/**
 * Where a profile's API key lives. Write-only from the renderer's point of view: the renderer may set,
 * replace, delete and ask "is a key stored", and only the main process ever reads the value back.
 */
export interface SecretStore {
  get(profileId: string): Promise<string | null>;
  set(profileId: string, secret: string): Promise<void>;
  delete(profileId: string): Promise<boolean>;
  has(profileId: string): Promise<boolean>;
}

/**
 * 'invalid' is for a bad profile id or secret (said without repeating the value); the other kinds are
 * about the keychain itself and carry a message that says how to fix it.
 */
export type SecretStoreErrorKind = 'timeout' | 'unavailable' | 'failed' | 'invalid';

export class SecretStoreError extends Error {
  constructor(
    readonly kind: SecretStoreErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'SecretStoreError';
  }

  // Errors get serialised over IPC and into logs: make sure only these three fields ever travel.
  toJSON(): { name: string; kind: SecretStoreErrorKind; message: string } {
    return { name: this.name, kind: this.kind, message: this.message };
  }
}

// A profile id becomes the keychain "account": keep it short and boring so it is safe everywhere.
export const SecretAccountSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'profile id must be 1-64 lowercase letters, digits or "-"');

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export const SECRET_MAX_LENGTH = 1024;

export function checkProfileId(profileId: unknown): string {
  const parsed = SecretAccountSchema.safeParse(profileId);
  if (!parsed.success) {
    throw new SecretStoreError(
      'invalid',
      `Invalid profile id: ${parsed.error.issues[0]?.message ?? 'bad value'}`,
    );
  }
  return parsed.data;
}

/** Validates a secret; the messages describe the rule, never the value. */
export function checkSecret(secret: unknown): string {
  if (typeof secret !== 'string') throw new SecretStoreError('invalid', 'The API key must be text.');
  if (secret.length === 0) throw new SecretStoreError('invalid', 'The API key is empty.');
  if (secret.length > SECRET_MAX_LENGTH) {
    throw new SecretStoreError('invalid', `The API key is longer than ${SECRET_MAX_LENGTH} characters.`);
  }
  if (CONTROL.test(secret)) {
    throw new SecretStoreError(
      'invalid',
      'The API key contains line breaks or control characters; paste it again.',
    );
  }
  if (secret.trim() !== secret) {
    throw new SecretStoreError(
      'invalid',
      'The API key starts or ends with spaces; paste it again without them.',
    );
  }
  return secret;
}
