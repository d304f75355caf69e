import { z } from 'zod';
import {
  EMBEDDED_BASE_URL,
  Profile,
  ProfileId,
  SANDBOX_PROFILE_ID,
  type Profile as ProfileType,
} from '@shared/domain/profile';

// The profile rules themselves live in @shared/domain/profile (used by the IPC contract too); what
// is here is only the file they are stored in.
export { SANDBOX_PROFILE_ID, type Profile } from '@shared/domain/profile';

export const PROFILES_FILE_VERSION = 1;

export const ProfilesFileSchema = z
  .object({
    version: z.literal(PROFILES_FILE_VERSION),
    activeProfileId: ProfileId,
    profiles: z.array(Profile).min(1),
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

export function defaultSandboxProfile(): ProfileType {
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
