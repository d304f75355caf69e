import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { EMBEDDED_BASE_URL } from '@shared/domain/profile';
import { AppError } from '@shared/errors';
import type { SecretStore } from '../secrets';
import type { BoundSecretStore } from '../secrets/bound-store';
import { writeFileAtomic } from '../services/atomic-file';
import type { ProfileStore } from '../services/profiles';
import { profileSecrets } from './profile-secrets';

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
export function gateKeys(
  store: BoundSecretStore,
  profiles: Pick<ProfileStore, 'list'>,
  options: { logLine: (line: string) => void; file?: string | undefined },
): { secrets: BoundSecretStore; hold: KeyHold } {
  const { logLine, file } = options;
  const kept = file ? readKept(file, logLine) : null;
  let words: string | null = kept?.words ?? null;
  let desks: string[] = kept?.treasuryDesks ?? [];
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
      if (file) keep(file, words === null ? null : { words, treasuryDesks: desks });
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

const Kept = z.object({ words: z.string(), treasuryDesks: z.array(z.string()) });

/**
 * What this desk last learned, kept in its data folder: a desk that starts while its team's server
 * is away still holds no key. Unreadable, it is said in the log and the ledger is asked again.
 */
function readKept(file: string, logLine: (line: string) => void): z.infer<typeof Kept> | null {
  if (!existsSync(file)) return null;
  try {
    return Kept.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    logLine(`team: ${file} could not be read (${String(error)}); the team's ledger is asked again`);
    return null;
  }
}

function keep(file: string, value: z.infer<typeof Kept> | null): void {
  if (value === null) rmSync(file, { force: true });
  else writeFileAtomic(file, JSON.stringify(value));
}

/** The profiles' keychain as main uses it (profile-secrets.ts), gated for the team's treasury desks. */
export function treasuryKeys(
  keychain: SecretStore,
  profiles: ProfileStore,
  dataDir: string,
  logLine: (line: string) => void,
) {
  const file = join(dataDir, 'treasury-keys.json');
  return gateKeys(profileSecrets(keychain, profiles), profiles, { logLine, file });
}
