import { z } from 'zod';
import { hiddenCharacterIn } from './address/text';
import { ApiKey } from './api-key';

/**
 * A connection profile: stored shape, create input (with its defaults), the patch (no defaults, so a
 * field left out keeps its stored value), and the views main sends the renderer about profiles.
 */

/** The built-in Sandbox profile: exists on first run, is the default, cannot be removed. */
export const SANDBOX_PROFILE_ID = 'sandbox';

/**
 * The Sandbox profile's base URL until the embedded sandbox is started and says where it listens
 * (a random loopback port each run); resolveBaseUrl() swaps it for the real URL.
 */
export const EMBEDDED_BASE_URL = 'embedded';

/**
 * The built-in Sandbox, the one profile whose money is play money for sure: its id and the embedded
 * service. A profile someone labelled "sandbox" may point at any service with any key (issue 26).
 */
export const isBuiltInSandbox = (profile: { id: string; baseUrl: string }): boolean =>
  profile.id === SANDBOX_PROFILE_ID && profile.baseUrl === EMBEDDED_BASE_URL;

const POLL_INTERVAL_MIN_MS = 1_000;
const POLL_INTERVAL_MAX_MS = 600_000;
const DEFAULT_POLL_INTERVAL_MS = 5_000;

/** A profile id is also the keychain "account": short and boring so it is safe everywhere. */
export const ProfileId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'profile id must be 1-64 lowercase letters, digits or "-"');

export const Environment = z.enum(['sandbox', 'live'], { error: 'environment must be "sandbox" or "live"' });
export type Environment = z.infer<typeof Environment>;
export const SigningMode = z.enum(['timestamped', 'legacy'], {
  error: 'signing must be "timestamped" or "legacy"',
});
export type SigningMode = z.infer<typeof SigningMode>;

function isLoopbackHost(hostname: string): boolean {
  // WHATWG URL has already normalised IPv4 shorthands ("127.1") and brackets IPv6 hosts.
  return (
    hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

// Messages are read by the person filling in the form (main's answers and the renderer's own check
// both use these), so they say what to do in plain words, never a field's code name.
const ProfileName = z
  .string()
  .trim()
  .min(1, 'Give the profile a name, for example “Acme live”.')
  .max(60, 'Keep the name to 60 characters or fewer.')
  .refine(
    (s) => hiddenCharacterIn(s) === null,
    'The name contains invisible characters (control or direction marks). Type it again.',
  );
const BaseUrl = z
  .string()
  .trim()
  .min(1, 'Enter the service address you were given, for example https://api.example.com.')
  .max(2048, 'This address is too long to be a service address. Check that only the address was copied.');
/** A merchant id travels in a request header: visible ASCII only, so a space or a control character is refused. */
export const MERCHANT_ID = /^[\x21-\x7e]+$/;
const MerchantId = z
  .string()
  .trim()
  .min(1, 'Enter your merchant ID, as shown in your merchant account.')
  .max(128, 'This is longer than any merchant ID (128 characters at most).')
  .regex(MERCHANT_ID, 'The merchant ID has spaces or invisible characters in it. Copy it again.');
const PollIntervalMs = z
  .number({ error: 'pollIntervalMs must be a number of milliseconds' })
  .int('pollIntervalMs must be a whole number of milliseconds')
  .min(POLL_INTERVAL_MIN_MS, `pollIntervalMs must be at least ${POLL_INTERVAL_MIN_MS}`)
  .max(POLL_INTERVAL_MAX_MS, `pollIntervalMs must be at most ${POLL_INTERVAL_MAX_MS}`);

type UrlCheck = { environment: Environment; baseUrl: string };

/** Live needs https; plain http is only for loopback (a local sandbox or test server). */
function checkBaseUrl(profile: UrlCheck, ctx: z.RefinementCtx): void {
  const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['baseUrl'], message });
  if (profile.baseUrl === EMBEDDED_BASE_URL) {
    if (profile.environment !== 'sandbox') issue('Only a Sandbox profile can use the built-in service.');
    return;
  }
  let url: URL;
  try {
    url = new URL(profile.baseUrl);
  } catch {
    return issue('This is not a full web address. It should look like https://api.example.com.');
  }
  if (url.username || url.password) return issue('Remove the user name or password from the address.');
  if (url.search || url.hash) return issue('Remove everything from the “?” or “#” on.');
  if (url.protocol === 'https:') return;
  if (url.protocol !== 'http:') return issue('The address must start with https://.');
  if (profile.environment === 'live')
    return issue('A live profile needs a secure address that starts with https://.');
  if (!isLoopbackHost(url.hostname)) {
    issue('Plain http:// is allowed only for this computer (localhost, 127.0.0.1, [::1]). Use https://.');
  }
}

/** A profile as stored and as main reports it. */
export const Profile = z
  .strictObject({
    id: ProfileId,
    name: ProfileName,
    environment: Environment,
    baseUrl: BaseUrl,
    merchantId: MerchantId,
    signing: SigningMode,
    pollIntervalMs: PollIntervalMs,
  })
  .superRefine(checkBaseUrl);
export type Profile = z.infer<typeof Profile>;

/** What create takes: everything but the id, with signing and interval defaulted. */
export const ProfileInput = z
  .strictObject({
    name: ProfileName,
    environment: Environment,
    baseUrl: BaseUrl,
    merchantId: MerchantId,
    signing: SigningMode.default('timestamped'),
    pollIntervalMs: PollIntervalMs.default(DEFAULT_POLL_INTERVAL_MS),
  })
  .superRefine(checkBaseUrl);
export type ProfileInput = z.input<typeof ProfileInput>;

/**
 * What update takes: any field but the id and the environment (a live profile is a new profile).
 * Declared field by field with no defaults: a field left out must keep its stored value, so a rename
 * can never reset the signing mode or the poll interval.
 */
export const ProfilePatch = z.strictObject({
  name: ProfileName.optional(),
  baseUrl: BaseUrl.optional(),
  merchantId: MerchantId.optional(),
  signing: SigningMode.optional(),
  pollIntervalMs: PollIntervalMs.optional(),
});
export type ProfilePatch = z.input<typeof ProfilePatch>;

/**
 * Where a profile's API key is sent: the service's origin, the merchant it signs for, and whether
 * legacy signing (an MD5 of the key, which the service accepts for reads indefinitely) is allowed.
 * A stored key is bound to this; widening it needs the key entered again.
 */
export interface KeyTarget {
  origin: string;
  merchantId: string;
  legacy: boolean;
}

/** The origin of a base URL, or the text itself when it is not a URL (it then matches no other). */
const originOf = (baseUrl: string): string => (URL.canParse(baseUrl) ? new URL(baseUrl).origin : baseUrl);

export function keyTargetOf(profile: Pick<Profile, 'baseUrl' | 'merchantId' | 'signing'>): KeyTarget {
  return {
    origin: originOf(profile.baseUrl.trim()),
    merchantId: profile.merchantId.trim(),
    legacy: profile.signing === 'legacy',
  };
}

/** True when going from `before` to `after` sends the key somewhere it was not confirmed for. */
export function widensKeyTarget(before: KeyTarget, after: KeyTarget): boolean {
  return (
    before.origin !== after.origin ||
    before.merchantId !== after.merchantId ||
    (after.legacy && !before.legacy)
  );
}

/**
 * What profiles:update takes. A change to where the key is sent (the address's origin, the merchant
 * ID, a switch to legacy signing) must carry the key again: main refuses it otherwise.
 */
export const ProfileUpdate = z.object({ id: ProfileId, patch: ProfilePatch, apiKey: ApiKey.optional() });
export type ProfileUpdate = z.input<typeof ProfileUpdate>;

export const ProfilesView = z.object({
  profiles: z.array(Profile),
  activeId: ProfileId,
  /**
   * The profiles whose id is not their merchant account's (made before ids named accounts, or their
   * merchant ID changed since; see profile-account.ts): on a team, other desks do not see what they
   * record. Main decides; the page only says so.
   */
  notLinedUp: z.array(ProfileId).optional(),
});
export type ProfilesView = z.infer<typeof ProfilesView>;

/**
 * `fingerprint` is the stored key's last four characters ("…Ab3x"), so staff can tell keys apart;
 * "built-in" for the Sandbox's play-money key, null when nothing is stored. The key never leaves main.
 */
export const SecretStatus = z.object({
  profileId: ProfileId,
  stored: z.boolean(),
  fingerprint: z.string().max(16).nullable(),
  /**
   * True when the stored key was entered for another address, merchant ID or signing mode (the
   * profile changed, or its file was edited): it is not used until it is entered again.
   */
  needsReentry: z.boolean().optional(),
});
export type SecretStatus = z.infer<typeof SecretStatus>;

/** The API key goes in, and never comes back out: there is no channel that returns it. */
export const SetSecretInput = z.object({ profileId: ProfileId, apiKey: ApiKey });
export type SetSecretInput = z.input<typeof SetSecretInput>;
