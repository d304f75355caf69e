import type { ProfilesView } from '@contract';
import { EMBEDDED_BASE_URL } from '@shared/domain/profile';
import type { SecretStore } from '../../secrets';
import type { ProfileStore } from '../../services/profiles';
import type { Emit } from '../events';
import type { Disposer } from '../lifecycle';
import { handleAll, type ChannelRegistry } from './channels';
import { testConnection } from './connection-test';

/** Only the last four characters leave main, so staff can tell keys apart without seeing one. */
const fingerprintOf = (key: string | null): string | null => (key ? `…${key.slice(-4)}` : null);

export interface ProfilesModuleDeps {
  profiles: ProfileStore;
  secrets: Pick<SecretStore, 'get' | 'set' | 'delete'>;
  appInfo: { version: string; sandboxUrl: string | null };
  /** The embedded sandbox's address and play-money key, for testing the Sandbox profile. */
  sandbox: { url: string; apiKey: string } | null;
  /** A key is registered for redaction the moment it is in memory, before anything can echo it. */
  registerSecret: (value: string) => void;
  /** Replaces the active profile's scope (session, rates poller, balance history) as one unit. */
  reopenScope: () => void;
  emit: Emit<'profiles:changed'>;
}

/** Profiles, their keys in the keychain, and app:info. */
export function registerProfiles(router: ChannelRegistry, deps: ProfilesModuleDeps): Disposer {
  const { profiles, secrets } = deps;
  const view = (): ProfilesView => ({ profiles: profiles.list(), activeId: profiles.active().id });
  const changed = () => {
    const current = view();
    deps.emit('profiles:changed', current);
    return current;
  };
  // Anything the active scope was built from changed: rebuild it, never patch it in place.
  const reopenIfActive = (id: string) => {
    if (id === profiles.active().id) deps.reopenScope();
  };

  return handleAll(router, {
    'app:info': () => ({
      version: deps.appInfo.version,
      platform: process.platform,
      sandboxUrl: deps.appInfo.sandboxUrl,
    }),
    'profiles:list': () => view(),
    'profiles:create': (input) => {
      const profile = profiles.create(input);
      changed();
      return profile;
    },
    'profiles:update': ({ id, patch }) => {
      const profile = profiles.update(id, patch);
      reopenIfActive(id);
      changed();
      return profile;
    },
    'profiles:remove': async ({ id }) => {
      const wasActive = id === profiles.active().id;
      profiles.remove(id);
      // The key must not outlive its profile in the keychain.
      await secrets.delete(id);
      // Removing the active profile makes the Sandbox active: its scope replaces the removed one's.
      if (wasActive) deps.reopenScope();
      return changed();
    },
    'profiles:activate': ({ id }) => {
      profiles.setActive(id);
      deps.reopenScope();
      return changed();
    },
    'profiles:test-connection': (input) =>
      testConnection(
        { profiles, secrets, sandbox: deps.sandbox, registerSecret: deps.registerSecret },
        input,
      ),
    'secrets:status': async ({ profileId }) => {
      if (profiles.get(profileId).baseUrl === EMBEDDED_BASE_URL) {
        return { profileId, stored: true, fingerprint: 'built-in' };
      }
      const key = await secrets.get(profileId);
      if (key) deps.registerSecret(key);
      return { profileId, stored: key !== null, fingerprint: fingerprintOf(key) };
    },
    'secrets:set': async ({ profileId, apiKey }) => {
      profiles.get(profileId);
      deps.registerSecret(apiKey);
      await secrets.set(profileId, apiKey);
      reopenIfActive(profileId);
      return { profileId, stored: true, fingerprint: fingerprintOf(apiKey) };
    },
    'secrets:delete': async ({ profileId }) => {
      await secrets.delete(profileId);
      return { profileId, stored: false, fingerprint: null };
    },
  });
}
