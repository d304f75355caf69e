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

export const SecretStatus = z.object({ profileId: Id, stored: z.boolean() });
export type SecretStatus = z.infer<typeof SecretStatus>;

/** The API key goes in, and never comes back out: there is no channel that returns it. */
export const SetSecretInput = z.object({
  profileId: Id,
  apiKey: z
    .string()
    .min(8, 'looks too short for an API key')
    .max(512)
    .regex(/^[\x21-\x7e]+$/, 'must be printable characters without spaces'),
});
