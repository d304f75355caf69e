import type { SecretStore } from '../secrets';

/**
 * The team's secrets in the OS keychain: the person's database password, the desk's token and the
 * private half of its key pair. The composition root passes a keychain store of its own service
 * (`createKeytarStore({ service: 'Merchant Desk team' })`), so these accounts can never collide with a
 * profile's API key of the same name.
 */
const ACCOUNT = { password: 'password', deskToken: 'desk-token', deskKey: 'desk-key' } as const;
export type TeamSecretName = keyof typeof ACCOUNT;

// The secret store checks values against the API key's shape (printable, no spaces, 8+ characters).
// A password may hold spaces or be short, so values are stored encoded; the prefix also says which
// encoding, should it ever change.
const PREFIX = 'md-team-v1:';
const encode = (value: string) => PREFIX + Buffer.from(value, 'utf8').toString('base64url');

function decode(stored: string, name: TeamSecretName): string {
  if (!stored.startsWith(PREFIX))
    throw new Error(`The team ${name} in the keychain is not in a form this desk reads; enter it again.`);
  return Buffer.from(stored.slice(PREFIX.length), 'base64url').toString('utf8');
}

export interface TeamSecrets {
  get(name: TeamSecretName): Promise<string | null>;
  set(name: TeamSecretName, value: string): Promise<void>;
  /** Leaving a team: every team secret goes. */
  clear(): Promise<void>;
}

export function teamSecrets(store: SecretStore): TeamSecrets {
  return {
    async get(name) {
      const stored = await store.get(ACCOUNT[name]);
      return stored === null ? null : decode(stored, name);
    },
    async set(name, value) {
      if (value.length === 0) throw new Error(`The team ${name} is empty.`);
      await store.set(ACCOUNT[name], encode(value));
    },
    async clear() {
      for (const account of Object.values(ACCOUNT)) await store.delete(account);
    },
  };
}
