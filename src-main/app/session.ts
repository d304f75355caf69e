import { AppError } from '@shared/errors';
import { createApiClient, type ApiClient, type ClockSkew } from '../api/client';
import type { Redactor } from '../security/redactor';
import type { SecretStore } from '../secrets';
import { resolveBaseUrl } from '../services/profiles';
import type { Profile } from '../services/profiles-schema';

/** Raised when a profile has no API key yet: the message says where to add one. */
class MissingKeyError extends AppError {
  constructor(profileName: string) {
    super(
      'no-api-key',
      `No API key is stored for "${profileName}". Add it in Settings; it goes straight to the system keychain.`,
    );
    this.name = 'MissingKeyError';
  }
}

export interface Session {
  profile: Profile;
  client: ApiClient;
  /** The profile's key, read afresh (keychain, or the embedded sandbox) and registered for redaction. */
  apiKey: () => Promise<string>;
}

export interface SessionOptions {
  profile: Profile;
  secrets: SecretStore;
  redactor: Redactor;
  sandbox: { url: string; apiKey: string } | null;
  fetch?: typeof fetch;
  onClockSkew: (skew: ClockSkew) => void;
}

/**
 * A client bound to one profile. The key is read from the keychain for each operation (never cached
 * here) and registered with the redactor the moment it is in memory, so it cannot leak in an answer.
 * The Sandbox profile's play-money key comes from the embedded sandbox itself.
 */
export function openSession(options: SessionOptions): Session {
  const { profile, secrets, redactor, sandbox } = options;
  const usesEmbedded = profile.environment === 'sandbox' && profile.baseUrl === 'embedded';
  const apiKey = async (): Promise<string> => {
    const key = usesEmbedded ? (sandbox?.apiKey ?? null) : await secrets.get(profile.id);
    if (!key) throw new MissingKeyError(profile.name);
    redactor.register(key);
    return key;
  };
  const client = createApiClient({
    baseUrl: resolveBaseUrl(profile, sandbox?.url),
    merchantId: profile.merchantId,
    apiKey,
    signing: profile.signing,
    correctClock: true,
    onClockSkew: options.onClockSkew,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return { profile, client, apiKey };
}
