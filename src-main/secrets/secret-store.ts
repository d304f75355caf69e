import { ApiKey } from '@shared/domain/api-key';
import { ProfileId } from '@shared/domain/profile';
import { AppError, type ErrorKind } from '@shared/errors';

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
 * 'keychain-invalid' is for a bad profile id or secret (said without repeating the value); the other
 * kinds are about the keychain itself and carry a message that says how to fix it.
 */
export type SecretStoreErrorKind = Extract<ErrorKind, `keychain-${string}`>;

export class SecretStoreError extends AppError {
  declare readonly kind: SecretStoreErrorKind;

  constructor(kind: SecretStoreErrorKind, message: string) {
    super(kind, message);
    this.name = 'SecretStoreError';
  }

  // Errors get serialised over IPC and into logs: make sure only these three fields ever travel.
  toJSON(): { name: string; kind: SecretStoreErrorKind; message: string } {
    return { name: this.name, kind: this.kind, message: this.message };
  }
}

export function checkProfileId(profileId: unknown): string {
  const parsed = ProfileId.safeParse(profileId);
  if (!parsed.success) {
    throw new SecretStoreError(
      'keychain-invalid',
      `Invalid profile id: ${parsed.error.issues[0]?.message ?? 'bad value'}`,
    );
  }
  return parsed.data;
}

/** Validates a secret against the one API-key rule; the messages describe the rule, never the value. */
export function checkSecret(secret: unknown): string {
  const parsed = ApiKey.safeParse(secret);
  if (!parsed.success) {
    throw new SecretStoreError(
      'keychain-invalid',
      `The API key ${parsed.error.issues[0]?.message ?? 'is not valid'}.`,
    );
  }
  return parsed.data;
}
