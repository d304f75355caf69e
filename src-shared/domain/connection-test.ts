import { z } from 'zod';
import { ApiKey } from './api-key';
import { Environment, ProfileId, SigningMode } from './profile';

/**
 * One signed balances read, to learn whether a profile works before money depends on it: either a
 * saved profile (its stored key, sent only to its own address) or the fields of one being typed in.
 * The address rules are checked by main with the profile schema itself before anything is sent.
 */
export const ConnectionTestInput = z.union([
  z.strictObject({ profileId: ProfileId }),
  z.strictObject({
    environment: Environment,
    baseUrl: z.string().trim().min(1).max(2048),
    merchantId: z.string().trim().min(1).max(200),
    signing: SigningMode.default('timestamped'),
    apiKey: ApiKey,
  }),
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
