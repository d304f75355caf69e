import { z } from 'zod';
import { SecretAccountSchema } from '../secrets/secret-store';

/** The built-in Sandbox profile: exists on first run, is the default, cannot be removed. */
export const SANDBOX_PROFILE_ID = 'sandbox';

/**
 * The Sandbox profile's base URL until the embedded sandbox is started and says where it listens
 * (a random loopback port each run); resolveBaseUrl() swaps it for the real URL.
 */
export const EMBEDDED_BASE_URL = 'embedded';

export const POLL_INTERVAL_MIN_MS = 1_000;
export const POLL_INTERVAL_MAX_MS = 600_000;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export const ProfileIdSchema = SecretAccountSchema;

export function isLoopbackHost(hostname: string): boolean {
  // WHATWG URL has already normalised IPv4 shorthands ("127.1") and brackets IPv6 hosts.
  return (
    hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

const fields = {
  name: z
    .string()
    .trim()
    .min(1, 'name is required')
    .max(60, 'name must be at most 60 characters')
    .refine((s) => !CONTROL.test(s), 'name must not contain control characters'),
  environment: z.enum(['sandbox', 'live'], { error: 'environment must be "sandbox" or "live"' }),
  baseUrl: z.string().trim().min(1, 'baseUrl is required').max(2048, 'baseUrl is too long'),
  merchantId: z
    .string()
    .trim()
    .min(1, 'merchantId is required')
    .max(128, 'merchantId must be at most 128 characters')
    .refine(
      (s) => !/\s/.test(s) && !CONTROL.test(s),
      'merchantId must not contain spaces or control characters',
    ),
  signing: z.enum(['timestamped', 'legacy'], { error: 'signing must be "timestamped" or "legacy"' }),
  pollIntervalMs: z
    .number({ error: 'pollIntervalMs must be a number of milliseconds' })
    .int('pollIntervalMs must be a whole number of milliseconds')
    .min(POLL_INTERVAL_MIN_MS, `pollIntervalMs must be at least ${POLL_INTERVAL_MIN_MS}`)
    .max(POLL_INTERVAL_MAX_MS, `pollIntervalMs must be at most ${POLL_INTERVAL_MAX_MS}`),
};

type UrlCheck = { environment: 'sandbox' | 'live'; baseUrl: string };

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

export const ProfileSchema = z
  .object({ id: ProfileIdSchema, ...fields })
  .strict()
  .superRefine(checkBaseUrl);
export type Profile = z.infer<typeof ProfileSchema>;

/** What create() takes: everything but the id, with signing and interval defaulted. */
export const ProfileInputSchema = z
  .object({
    ...fields,
    signing: fields.signing.default('timestamped'),
    pollIntervalMs: fields.pollIntervalMs.default(5_000),
  })
  .strict()
  .superRefine(checkBaseUrl);
export type ProfileInput = z.input<typeof ProfileInputSchema>;

/** update() may change anything but the id and the environment (a live profile is a new profile). */
export const ProfilePatchSchema = z
  .object({
    name: fields.name,
    baseUrl: fields.baseUrl,
    merchantId: fields.merchantId,
    signing: fields.signing,
    pollIntervalMs: fields.pollIntervalMs,
  })
  .partial()
  .strict();
export type ProfilePatch = z.input<typeof ProfilePatchSchema>;

export const PROFILES_FILE_VERSION = 1;

export const ProfilesFileSchema = z
  .object({
    version: z.literal(PROFILES_FILE_VERSION),
    activeProfileId: ProfileIdSchema,
    profiles: z.array(ProfileSchema).min(1),
  })
  .strict()
  .superRefine((file, ctx) => {
    const ids = new Set<string>();
    for (const [i, p] of file.profiles.entries()) {
      if (ids.has(p.id))
        ctx.addIssue({
          code: 'custom',
          path: ['profiles', i, 'id'],
          message: `duplicate profile id ${p.id}`,
        });
      ids.add(p.id);
    }
    if (!ids.has(file.activeProfileId)) {
      ctx.addIssue({
        code: 'custom',
        path: ['activeProfileId'],
        message: 'activeProfileId names no profile',
      });
    }
  });
export type ProfilesFile = z.infer<typeof ProfilesFileSchema>;

export function defaultSandboxProfile(): Profile {
  return {
    id: SANDBOX_PROFILE_ID,
    name: 'Sandbox',
    environment: 'sandbox',
    baseUrl: EMBEDDED_BASE_URL,
    // The embedded sandbox seeds its demo merchant and may overwrite this through update().
    merchantId: 'sandbox-merchant',
    signing: 'timestamped',
    pollIntervalMs: 5_000,
  };
}
