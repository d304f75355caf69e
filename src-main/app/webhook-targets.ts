import type { Redactor } from '../security/redactor';
import { SANDBOX_PROFILE_ID } from '../services/profiles-schema';
import type { WebhookTarget } from '../services/webhook-delivery';
import type { ProfileScope } from './profile-scope';

interface WebhookTargetDeps {
  /** The active profile's scope, or null while main starts and none is open yet. */
  activeScope: () => ProfileScope | null;
  /** The embedded sandbox's key while it runs. */
  sandboxKey: () => string | null;
  hasProfile: (profileId: string) => boolean;
  keyOf: (profileId: string) => Promise<string | null>;
  redactor: Redactor;
}

/** Which key verifies a webhook delivery: the active profile's, or any profile's as it is now. */
export function webhookTargets(deps: WebhookTargetDeps) {
  const activeTarget = async (): Promise<WebhookTarget> => {
    const scope = deps.activeScope();
    if (!scope) throw new Error('The active profile is not open yet.');
    return { profileId: scope.session.profile.id, apiKey: await scope.session.apiKey() };
  };
  /** A profile's key as it is now: read per receiver delivery and per parked replay. */
  const targetFor = async (profileId: string): Promise<WebhookTarget | null> => {
    // The active profile's key comes through its session (the Sandbox's from the embedded sandbox).
    if (deps.activeScope()?.profile.id === profileId) return activeTarget().catch(() => null);
    // The Sandbox's key is the embedded sandbox's own (while it runs), never one in the keychain.
    if (profileId === SANDBOX_PROFILE_ID) {
      const apiKey = deps.sandboxKey();
      return apiKey ? { profileId, apiKey } : null;
    }
    if (!deps.hasProfile(profileId)) return null;
    const apiKey = await deps.keyOf(profileId).catch(() => null);
    if (apiKey) deps.redactor.register(apiKey);
    return apiKey ? { profileId, apiKey } : null;
  };
  return { activeTarget, targetFor };
}
