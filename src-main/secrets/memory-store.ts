import { checkProfileId, checkSecret, type SecretStore } from './secret-store';

/**
 * @internal For tests and the browser test host: same validation as the keychain, no persistence
 * (the app itself uses the OS keychain).
 */
export function createMemoryStore(initial: Record<string, string> = {}): SecretStore {
  // Kept in a closure (not a property) so that logging or serialising the store shows nothing.
  const entries = new Map<string, string>();
  for (const [id, secret] of Object.entries(initial)) entries.set(checkProfileId(id), checkSecret(secret));
  return {
    async get(profileId) {
      return entries.get(checkProfileId(profileId)) ?? null;
    },
    async set(profileId, secret) {
      entries.set(checkProfileId(profileId), checkSecret(secret));
    },
    async delete(profileId) {
      return entries.delete(checkProfileId(profileId));
    },
    async has(profileId) {
      return entries.has(checkProfileId(profileId));
    },
  };
}
