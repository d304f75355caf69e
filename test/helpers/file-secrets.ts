import { existsSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from '@main/services/atomic-file';
import { createMemoryStore, type SecretStore } from '@main/secrets';

/**
 * A keychain stand-in that outlives the process (a JSON file, written atomically on each change), for
 * the crash drills and the soak: the real keychain keeps the profile's key and the journal's seal key
 * across a SIGKILL. Validation is the memory store's, so it refuses what the keychain would.
 * Test-only: a plain file is no place for a real key (it is at least written owner-only).
 */
export function createFileSecretStore(file: string): SecretStore {
  const saved = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  const entries = { ...saved };
  const store = createMemoryStore(entries);
  const persist = () => writeFileAtomic(file, JSON.stringify(entries), 0o600);
  return {
    get: (id) => store.get(id),
    has: (id) => store.has(id),
    async set(id, secret) {
      await store.set(id, secret);
      entries[id] = secret;
      persist();
    },
    async delete(id) {
      const removed = await store.delete(id);
      delete entries[id];
      persist();
      return removed;
    },
  };
}
