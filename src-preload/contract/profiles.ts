import { z } from 'zod';
import { Id } from './common';

export const Environment = z.enum(['sandbox', 'live']);
export const SigningMode = z.enum(['timestamped', 'legacy']);

export const Profile = z.object({
  id: Id,
  name: z.string(),
  environment: Environment,
  baseUrl: z.string(),
  merchantId: z.string(),
  signing: SigningMode,
  pollIntervalMs: z.number().int(),
});
export type Profile = z.infer<typeof Profile>;

export const ProfileInput = z.object({
  name: z.string().trim().min(1, 'is required').max(80),
  environment: Environment,
  baseUrl: z.string().trim().min(1, 'is required').max(500),
  merchantId: z.string().trim().min(1, 'is required').max(200),
  signing: SigningMode.default('timestamped'),
  pollIntervalMs: z.number().int().min(1000).max(600_000).default(5000),
});
export type ProfileInput = z.input<typeof ProfileInput>;

export const ProfilesView = z.object({ profiles: z.array(Profile), activeId: Id });
export type ProfilesView = z.infer<typeof ProfilesView>;

/**
 * `fingerprint` is the stored key's last four characters ("…Ab3x"), so staff can tell keys apart;
 * "built-in" for the Sandbox's play-money key, null when nothing is stored. The key itself never leaves main.
 */
export const SecretStatus = z.object({
  profileId: Id,
  stored: z.boolean(),
  fingerprint: z.string().max(16).nullable(),
});
export type SecretStatus = z.infer<typeof SecretStatus>;

/** The one rule for an API key, in words a person can act on; composed by every channel that takes one. */
const ApiKey = z
  .string()
  .min(1, 'Enter the API key.')
  .min(8, 'This is too short to be an API key (at least 8 characters). Check that it was copied whole.')
  .max(512, 'This is longer than 512 characters. Check that only the key was copied.')
  .regex(
    /^[\x21-\x7e]+$/,
    'The key contains spaces, line breaks or other characters keys never have. Copy it again.',
  );

/** The API key goes in, and never comes back out: there is no channel that returns it. */
export const SetSecretInput = z.object({ profileId: Id, apiKey: ApiKey });

/**
 * One signed balances read, to learn whether a profile works before money depends on it. Either a
 * saved profile (its stored key, sent only to its own address) or the fields of one being typed in.
 */
export const ConnectionTestInput = z.union([
  z.object({ profileId: Id }).strict(),
  z
    .object({
      environment: Environment,
      baseUrl: z.string().trim().min(1).max(2048),
      merchantId: z.string().trim().min(1).max(200),
      signing: SigningMode.default('timestamped'),
      apiKey: ApiKey,
    })
    .strict(),
]);
export type ConnectionTestInput = z.input<typeof ConnectionTestInput>;

export const ConnectionTestResult = z.object({
  ok: z.boolean(),
  outcome: z.enum(['ok', 'key-refused', 'unreachable', 'clock-off', 'refused', 'no-key', 'invalid']),
  /** Plain words: what was found and what to do next. */
  message: z.string(),
  /** Technical detail for a support ticket (status, the service's own words); shown collapsed. */
  detail: z.string().nullable(),
  checkedAt: z.string(),
});
export type ConnectionTestResult = z.infer<typeof ConnectionTestResult>;
