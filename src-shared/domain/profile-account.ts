import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { SANDBOX_PROFILE_ID, type Environment } from './profile';

/**
 * A profile's id names its merchant account, so every desk of a team that adds a profile for the same
 * merchant ID and environment gets the same id with no server round trip, and the team's ledger (which
 * files entries, approvals and lists by profile id) lines up across desks. The service address is not
 * part of it: an address can move, the merchant ID is the account, and a team is one merchant's.
 *
 * The text hashed is versioned: changing it would give every desk new ids for the same accounts, so a
 * change needs a new version and a way to line old profiles up, never an edit in place.
 */
const ACCOUNT_ID_TEXT_VERSION = 'merchant-desk profile v1';

/** `m-` and the first 20 hex digits (80 bits) of SHA-256: a valid ProfileId and keychain account. */
export function accountProfileId(environment: Environment, merchantId: string): string {
  const text = `${ACCOUNT_ID_TEXT_VERSION}\n${environment}\n${merchantId.trim()}`;
  return `m-${bytesToHex(sha256(utf8ToBytes(text))).slice(0, 20)}`;
}

/**
 * True when the profile's id is the one its merchant account gives (see accountProfileId), or it is the
 * built-in Sandbox (the same `sandbox` on every desk). A profile made before ids named accounts (`p-…`),
 * or whose merchant ID changed since, is filed under an id no other desk has.
 */
export function isLinedUp(profile: { id: string; environment: Environment; merchantId: string }): boolean {
  if (profile.id === SANDBOX_PROFILE_ID) return true;
  return profile.id === accountProfileId(profile.environment, profile.merchantId);
}
