import { z } from 'zod';
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

const POLL_INTERVAL_MIN_MS = 1_000;
const POLL_INTERVAL_MAX_MS = 600_000;
const DEFAULT_POLL_INTERVAL_MS = 5_000;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

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

const ProfileName = z
  .string()
  .trim()
  .min(1, 'name is required')
  .max(60, 'name must be at most 60 characters')
  .refine((s) => !CONTROL.test(s), 'name must not contain control characters');
const BaseUrl = z.string().trim().min(1, 'baseUrl is required').max(2048, 'baseUrl is too long');
/** A merchant id travels in a request header: visible ASCII only, so a space or a control character is refused. */
export const MERCHANT_ID = /^[\x21-\x7e]+$/;
const MerchantId = z
  .string()
  .trim()
  .min(1, 'merchantId is required')
  .max(128, 'merchantId must be at most 128 characters')
  .regex(MERCHANT_ID, 'merchantId must be visible ASCII characters, without spaces or control characters');
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
    if (profile.environment !== 'sandbox') issue('baseUrl "embedded" is only for sandbox profiles');
    return;
  }
  let url: URL;
  try {
    url = new URL(profile.baseUrl);
  } catch {
    return issue('baseUrl must be a full URL such as https://api.example.com');
  }
  if (url.username || url.password) return issue('baseUrl must not contain a user name or password');
  if (url.search || url.hash) return issue('baseUrl must not contain a query or fragment');
  if (url.protocol === 'https:') return;
  if (url.protocol !== 'http:') return issue('baseUrl must start with https://');
  if (profile.environment === 'live') return issue('baseUrl of a live profile must use https://');
  if (!isLoopbackHost(url.hostname)) {
    issue('baseUrl may use plain http:// only for this computer (localhost, 127.0.0.1, [::1]); use https://');
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

export const ProfilesView = z.object({ profiles: z.array(Profile), activeId: ProfileId });
export type ProfilesView = z.infer<typeof ProfilesView>;

export const SecretStatus = z.object({ profileId: ProfileId, stored: z.boolean() });
export type SecretStatus = z.infer<typeof SecretStatus>;

/** The API key goes in, and never comes back out: there is no channel that returns it. */
export const SetSecretInput = z.object({ profileId: ProfileId, apiKey: ApiKey });
export type SetSecretInput = z.input<typeof SetSecretInput>;
