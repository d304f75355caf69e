import { EMBEDDED_BASE_URL, keyTargetOf } from '@shared/domain/profile';
import type { SecretStore } from '../secrets';
import { createBoundStore } from '../secrets/bound-store';
import type { ProfileStore } from '../services/profiles';
import { withoutJournalAccounts } from '../storage/chain-seal';

/**
 * The keychain as profiles use it: a key is handed out only while its profile points where the key
 * was entered for (the embedded Sandbox's key is its own, never in the keychain), and the journal's
 * own accounts (its chain key and anchor) are out of reach.
 */
export function profileSecrets(keychain: SecretStore, profiles: ProfileStore) {
  return createBoundStore(withoutJournalAccounts(keychain), {
    targetOf: (id) => {
      const profile = profiles.get(id);
      return profile.baseUrl === EMBEDDED_BASE_URL
        ? null
        : { name: profile.name, target: keyTargetOf(profile) };
    },
  });
}
