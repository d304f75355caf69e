import { keyTargetOf, widensKeyTarget, type Profile } from '@shared/domain/profile';
import { useSettingsStore } from './settings-store';

/**
 * Whether saving `next` over `profile` changes where its stored key is sent (another address or
 * merchant ID, or legacy signing): then the form asks for the key again. Main enforces the same rule
 * (it refuses such a change without the key); asking here only saves the person a round trip.
 */
export function useKeyConfirmation(
  profile: Profile,
  next: Partial<Pick<Profile, 'baseUrl' | 'merchantId' | 'signing'>>,
): boolean {
  const usableKey = useSettingsStore(
    (s) => s.keyStored[profile.id] === true && s.keyNeedsReentry[profile.id] !== true,
  );
  return usableKey && widensKeyTarget(keyTargetOf(profile), keyTargetOf({ ...profile, ...next }));
}

/** The hint under the key field of a change that needs it. */
export const KEY_AGAIN_HINT =
  'This change sends the API key to a different address, merchant ID or signing mode. Enter the key again to confirm; it goes straight to the system keychain.';
