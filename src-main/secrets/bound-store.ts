import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '@shared/errors';
import type { KeyTarget } from '@shared/domain/profile';
import type { SecretStore } from './secret-store';

export class KeyBindingError extends AppError {
  constructor(profileName: string, target: KeyTarget) {
    super(
      'key-unbound',
      `The API key stored for “${profileName}” was entered for a different service address, merchant ID or signing mode, so it is not sent to ${target.origin} (merchant ${target.merchantId}). If this profile is right, enter the key again in Settings.`,
    );
    this.name = 'KeyBindingError';
  }
}

/**
 * The binding kept beside each key in the keychain: an HMAC, keyed with the key itself, of where it
 * may be sent. Keyed with the key, so a binding cannot be forged without the key, and a key replaced
 * without its binding (or the reverse, if the keychain fails half-way) simply does not verify.
 */
function bindingOf(apiKey: string, target: KeyTarget): Buffer {
  const text = [
    'merchant-desk key binding v1',
    target.origin,
    target.merchantId,
    target.legacy ? 'legacy' : 'timestamped',
  ];
  return createHmac('sha256', apiKey).update(text.join('\n')).digest();
}

const bindingAccount = (profileId: string) => `${profileId}-binding`;

export interface BoundStoreOptions {
  /** Where the profile's key may go now, or null for a key that is not bound (the built-in Sandbox). */
  targetOf: (profileId: string) => { name: string; target: KeyTarget } | null;
}

/** What is stored for a profile: nothing, a key bound to where the profile points, or one that is not. */
export type StoredKeyState = 'none' | 'bound' | 'unbound';

export interface BoundSecretStore extends SecretStore {
  /** The key's state without reading it into any answer. */
  state(profileId: string): Promise<StoredKeyState>;
}

/**
 * A SecretStore whose keys are usable only where they were entered for: `set` binds the key to the
 * profile's origin, merchant ID and signing mode as they are now; `get` hands the key out only while
 * the profile still points there, and otherwise refuses with "enter the key again". A profile edited
 * on disk or changed without the key therefore cannot send it anywhere new.
 */
export function createBoundStore(inner: SecretStore, options: BoundStoreOptions): BoundSecretStore {
  async function read(profileId: string) {
    const key = await inner.get(profileId);
    const bound = options.targetOf(profileId);
    if (key === null) return { key, bound, state: 'none' as const };
    if (!bound) return { key, bound, state: 'bound' as const };
    const stored = await inner.get(bindingAccount(profileId));
    if (stored === null || !/^[0-9a-f]{64}$/.test(stored)) return { key, bound, state: 'unbound' as const };
    const given = Buffer.from(stored, 'hex');
    const fits = (target: KeyTarget) => timingSafeEqual(given, bindingOf(key, target));
    // A key confirmed for legacy signing may also sign timestamped; never the other way round.
    const ok = fits(bound.target) || (!bound.target.legacy && fits({ ...bound.target, legacy: true }));
    return { key, bound, state: ok ? ('bound' as const) : ('unbound' as const) };
  }

  return {
    async get(profileId) {
      const { key, bound, state } = await read(profileId);
      if (state === 'unbound' && bound) throw new KeyBindingError(bound.name, bound.target);
      return key;
    },
    async set(profileId, secret) {
      // The key first, its binding second: if the keychain fails in between, the new key does not
      // verify against the old binding and stays unusable rather than usable anywhere.
      await inner.set(profileId, secret);
      const bound = options.targetOf(profileId);
      if (bound) await inner.set(bindingAccount(profileId), bindingOf(secret, bound.target).toString('hex'));
    },
    async delete(profileId) {
      const deleted = await inner.delete(profileId);
      await inner.delete(bindingAccount(profileId));
      return deleted;
    },
    has: (profileId) => inner.has(profileId),
    state: async (profileId) => (await read(profileId)).state,
  };
}
