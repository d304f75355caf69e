import { EMBEDDED_BASE_URL } from '@shared/domain/profile';
import { AppError } from '@shared/errors';
import type { BoundSecretStore } from '../secrets/bound-store';
import type { ProfileStore } from '../services/profiles';

/** What this desk learned from its team's ledger: the desks named to hold the API key, and whether it is one. */
export interface TreasuryStatus {
  thisDesk: boolean;
  treasuryDesks: string[];
}

/** Why this desk holds no live API key now (null: it may), the desks that do, and the keys it removed. */
export interface KeyHoldView {
  words: string | null;
  treasuryDesks: string[];
  removed: string[];
}

export interface KeyHold {
  view(): KeyHoldView;
  /**
   * This desk's status on its team (null: on no team, or the team could not say). When the team names
   * treasury desks and this is not one, live keys are refused from now on and those stored are removed.
   */
  learn(status: TreasuryStatus | null): Promise<void>;
}

const refusalWords = (desks: string[]) =>
  `This desk is not one of the team’s treasury desks (${desks.join(', ')}): only they hold the API key and send money; this desk prepares and approves through the team’s ledger. An admin names the treasury desks.`;

/**
 * Only treasury desks hold the key (issue 28 item 4): the profiles' keychain as main uses it, gated
 * by what the team's ledger says about this desk. While refused, a live profile's key is never read
 * (as if none were stored) and never stored; the built-in Sandbox's play-money key is the Sandbox's
 * own, never in the keychain, and stays usable. On a desk of no team nothing changes.
 */
export function treasuryKeys(
  store: BoundSecretStore,
  profiles: Pick<ProfileStore, 'list'>,
  logLine: (line: string) => void,
): { secrets: BoundSecretStore; hold: KeyHold } {
  let words: string | null = null;
  let desks: string[] = [];
  const removed: string[] = [];
  const live = (id: string) => profiles.list().find((p) => p.id === id)?.baseUrl !== EMBEDDED_BASE_URL;
  const held = (id: string) => words !== null && live(id);

  const secrets: BoundSecretStore = {
    get: async (id) => (held(id) ? null : store.get(id)),
    has: async (id) => (held(id) ? false : store.has(id)),
    state: async (id) => (held(id) ? 'none' : store.state(id)),
    async set(id, secret) {
      if (held(id)) throw new AppError('treasury-only', `The API key was not stored. ${words}`);
      await store.set(id, secret);
    },
    delete: (id) => store.delete(id),
  };

  const hold: KeyHold = {
    view: () => ({ words, treasuryDesks: [...desks], removed: [...removed] }),
    async learn(status) {
      desks = status?.treasuryDesks ?? [];
      words = status && !status.thisDesk && desks.length > 0 ? refusalWords(desks) : null;
      if (words === null) return;
      for (const profile of profiles.list()) {
        if (!live(profile.id) || !(await store.has(profile.id))) continue;
        await store.delete(profile.id);
        if (!removed.includes(profile.name)) removed.push(profile.name);
        logLine(
          `team: the API key of profile "${profile.name}" was removed: this desk is not a treasury desk`,
        );
      }
    },
  };
  return { secrets, hold };
}
