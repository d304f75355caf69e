import { existsSync, readFileSync } from 'node:fs';
import { createMemoryStore, type SecretStore } from '../../src-main/secrets';
import { writeFileAtomic } from '../../src-main/services/atomic-file';

/**
 * The soak's keychain: the memory store's checks, kept in a file so that the profile's key and the
 * journal's chain-seal key survive the SIGKILLs the soak deals the app (a real keychain would too).
 * Test-only: a plain file is no place for a real key.
 */
export function createFileSecretStore(file: string): SecretStore {
  const saved = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  const memory = createMemoryStore(saved);
  const entries = { ...saved };
  const persist = () => writeFileAtomic(file, JSON.stringify(entries), 0o600);
  return {
    get: (id) => memory.get(id),
    has: (id) => memory.has(id),
    async set(id, secret) {
      await memory.set(id, secret);
      entries[id] = secret;
      persist();
    },
    async delete(id) {
      const removed = await memory.delete(id);
      delete entries[id];
      persist();
      return removed;
    },
  };
}
