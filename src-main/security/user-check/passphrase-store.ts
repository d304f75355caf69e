import type { SecretStore } from '../../secrets';
import { isPassphraseHash } from './passphrase-hash';
import { decodeTries, encodeTries, type TriesState } from './lockout';

// Accounts in a keychain service of their own (the composition root's `passphraseSecrets`), so no
// profile's key can ever share a name with them.
const HASH = 'desk-passphrase';
const TRIES = 'desk-passphrase-tries';

/** The desk passphrase's scrypt hash and its wrong-try count, in the OS keychain, never in a file. */
export interface PassphraseStore {
  /** The stored hash, or null when none is set (or what is stored is not a hash this desk reads). */
  hash(): Promise<string | null>;
  setHash(hash: string): Promise<void>;
  tries(now: number): Promise<TriesState>;
  setTries(state: TriesState): Promise<void>;
}

export function createPassphraseStore(keychain: SecretStore): PassphraseStore {
  return {
    async hash() {
      const stored = await keychain.get(HASH);
      return stored !== null && isPassphraseHash(stored) ? stored : null;
    },
    setHash: (hash) => keychain.set(HASH, hash),
    tries: async (now) => decodeTries(await keychain.get(TRIES), now),
    setTries: (state) => keychain.set(TRIES, encodeTries(state)),
  };
}
