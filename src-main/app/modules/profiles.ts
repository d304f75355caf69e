import type { ProfilesView } from '@contract';
import { EMBEDDED_BASE_URL, SANDBOX_PROFILE_ID, keyTargetOf, widensKeyTarget } from '@shared/domain/profile';
import { isLinedUp } from '@shared/domain/profile-account';
import { AppError } from '@shared/errors';
import type { BoundSecretStore } from '../../secrets/bound-store';
import { requireConfirmation, type Confirmer } from '../confirm/confirmer';
import { profileChangeConfirmation, profileCreateConfirmation } from '../confirm/requests';
import type { ProfileStore } from '../../services/profiles';
import type { Emit } from '../events';
import type { Disposer } from '../lifecycle';
import { handleAll, type ChannelRegistry } from './channels';
import { testConnection } from './connection-test';

/** Only the last four characters leave main, so staff can tell keys apart without seeing one. */
const fingerprintOf = (key: string | null): string | null => (key ? `…${key.slice(-4)}` : null);

export interface ProfilesModuleDeps {
  profiles: ProfileStore;
  /** Keys bound to where their profile points (see secrets/bound-store). */
  secrets: Pick<BoundSecretStore, 'get' | 'set' | 'delete' | 'state'>;
  appInfo: { version: string; sandboxUrl: string | null; journalReadOnly: string | null };
  /** The embedded sandbox's address and play-money key, for testing the Sandbox profile. */
  sandbox: { url: string; apiKey: string } | null;
  /** A key is registered for redaction the moment it is in memory, before anything can echo it. */
  registerSecret: (value: string) => void;
  /**
   * Replaces the active profile's scope (session, rates poller, balance history) as one unit, starting
   * or stopping the embedded sandbox with the Sandbox profile.
   */
  reopenScope: () => Promise<void>;
  emit: Emit<'profiles:changed'>;
  /** Main's own confirmation window, before a profile on a real service is pointed elsewhere. */
  confirm: Confirmer;
  /** True while this desk is on a team (joined, whether or not its ledger is reachable now). */
  onTeam: () => boolean;
}

/** Profiles, their keys in the keychain, and app:info. */
export function registerProfiles(router: ChannelRegistry, deps: ProfilesModuleDeps): Disposer {
  const { profiles, secrets } = deps;
  const view = (): ProfilesView => {
    const list = profiles.list();
    return {
      profiles: list,
      activeId: profiles.active().id,
      notLinedUp: list.filter((p) => !isLinedUp(p)).map((p) => p.id),
    };
  };
  const changed = () => {
    const current = view();
    deps.emit('profiles:changed', current);
    return current;
  };
  // Anything the active scope was built from changed: rebuild it, never patch it in place.
  const reopenIfActive = async (id: string) => {
    if (id === profiles.active().id) await deps.reopenScope();
  };
  /**
   * A profile on a real service (anything but the built-in Sandbox: the environment label is the
   * page's word) changes its address, merchant or stored key only after main's own window says yes;
   * a first key for a profile is setup, not a change.
   */
  const confirmRepoint = async (
    before: ReturnType<ProfileStore['get']>,
    after: { baseUrl: string; merchantId: string },
    apiKey: string | undefined,
  ) => {
    if (before.baseUrl === EMBEDDED_BASE_URL) return;
    const keyChanges = apiKey !== undefined && (await secrets.state(before.id)) !== 'none';
    if (before.baseUrl === after.baseUrl && before.merchantId === after.merchantId && !keyChanges) return;
    await requireConfirmation(deps.confirm, {
      ...profileChangeConfirmation(before, { ...before, ...after }, keyChanges),
      userCheck: 'change where a live profile points',
    });
  };

  return handleAll(router, {
    'app:info': () => ({
      version: deps.appInfo.version,
      platform: process.platform,
      sandboxUrl: deps.appInfo.sandboxUrl,
      journalReadOnly: deps.appInfo.journalReadOnly,
    }),
    'profiles:list': () => view(),
    'profiles:create': async (input) => {
      // Every address a key may be sent to, and every host whose checkout pages open in the browser
      // (app-services' openExternal), was confirmed in main's window: the page cannot widen either.
      if (input.baseUrl !== EMBEDDED_BASE_URL) {
        await requireConfirmation(deps.confirm, {
          ...profileCreateConfirmation(input),
          userCheck: 'add a profile on a real service',
        });
      }
      const profile = profiles.create(input);
      changed();
      return profile;
    },
    'profiles:update': async ({ id, patch, apiKey }) => {
      const before = profiles.get(id);
      const after = {
        ...before,
        ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
      };
      // The built-in Sandbox is each desk's own play-money service: its id is `sandbox` whatever its merchant.
      const movesAccount =
        before.id !== SANDBOX_PROFILE_ID && after.merchantId.trim() !== before.merchantId.trim();
      if (movesAccount && deps.onTeam()) throw merchantFixed(before.name);
      // Checked here, in main: a renderer that skips the key field still cannot point a stored key
      // at another address or merchant, or at the weaker legacy signature.
      const widens =
        before.baseUrl !== EMBEDDED_BASE_URL && widensKeyTarget(keyTargetOf(before), keyTargetOf(after));
      if (widens && !apiKey && (await secrets.state(id)) === 'bound') throw keyRequired(before.name);
      await confirmRepoint(before, after, apiKey);
      const profile = profiles.update(id, patch);
      if (apiKey) {
        deps.registerSecret(apiKey);
        await secrets.set(id, apiKey);
      }
      await reopenIfActive(id);
      changed();
      return profile;
    },
    'profiles:remove': async ({ id }) => {
      const wasActive = id === profiles.active().id;
      profiles.remove(id);
      // The key must not outlive its profile in the keychain.
      await secrets.delete(id);
      // Removing the active profile makes the Sandbox active: its scope replaces the removed one's.
      if (wasActive) await deps.reopenScope();
      return changed();
    },
    'profiles:activate': async ({ id }) => {
      const previous = profiles.active().id;
      profiles.setActive(id);
      try {
        await deps.reopenScope();
      } catch (error) {
        // The profile could not be opened (the Sandbox's data file is damaged): stay where we were,
        // so the active profile and its scope never disagree.
        profiles.setActive(previous);
        await deps.reopenScope().catch(() => undefined);
        throw error;
      }
      return changed();
    },
    'profiles:test-connection': (input) =>
      'profileId' in input && profiles.get(input.profileId).baseUrl === EMBEDDED_BASE_URL && !deps.sandbox
        ? sandboxNotRunning()
        : testConnection(
            { profiles, secrets, sandbox: deps.sandbox, registerSecret: deps.registerSecret },
            input,
          ),
    'secrets:status': async ({ profileId }) => {
      if (profiles.get(profileId).baseUrl === EMBEDDED_BASE_URL) {
        return { profileId, stored: true, fingerprint: 'built-in' };
      }
      if ((await secrets.state(profileId)) === 'unbound') {
        return { profileId, stored: true, fingerprint: null, needsReentry: true };
      }
      const key = await secrets.get(profileId);
      if (key) deps.registerSecret(key);
      return { profileId, stored: key !== null, fingerprint: fingerprintOf(key) };
    },
    'secrets:set': async ({ profileId, apiKey }) => {
      const profile = profiles.get(profileId);
      await confirmRepoint(profile, profile, apiKey);
      deps.registerSecret(apiKey);
      await secrets.set(profileId, apiKey);
      await reopenIfActive(profileId);
      return { profileId, stored: true, fingerprint: fingerprintOf(apiKey) };
    },
    'secrets:delete': async ({ profileId }) => {
      await secrets.delete(profileId);
      return { profileId, stored: false, fingerprint: null };
    },
  });
}

function keyRequired(profileName: string): AppError {
  const why =
    'Enter the API key again to confirm it may be sent to the new address, merchant ID or signing mode.';
  return new AppError(
    'key-required',
    `The changes to “${profileName}” change where its API key is sent. ${why} Nothing was changed.`,
    { fieldErrors: { apiKey: [why] } },
  );
}

/**
 * On a team a profile's merchant ID names the account every desk files its records under (its id is
 * that account's): changing it would leave this desk's records under an account no other desk means.
 */
function merchantFixed(profileName: string): AppError {
  const why =
    'The merchant ID names the account every desk of the team files this profile’s records under, so it does not change while this desk is on a team. To connect another merchant account, add a profile for it.';
  return new AppError('profile-protected', `The merchant ID of “${profileName}” was not changed. ${why}`, {
    fieldErrors: { merchantId: [why] },
  });
}

/** The built-in Sandbox listens only while its profile is active; testing it otherwise says so. */
function sandboxNotRunning() {
  return {
    ok: false,
    outcome: 'unreachable' as const,
    message:
      'The built-in Sandbox runs only while the Sandbox profile is active. Switch to it, then test again.',
    detail: null,
    checkedAt: new Date().toISOString(),
  };
}
