import { z } from 'zod';

/**
 * How this desk checks who is at it before live money moves (issue 26 item 2): Touch ID where the OS
 * offers it, else the desk passphrase. The passphrase itself never reaches the page: main asks for
 * it in a window of its own.
 */
export const PassphraseStatus = z.object({
  method: z.enum(['touch-id', 'passphrase']),
  passphraseSet: z.boolean(),
  /** Minutes until wrong tries may be made again, or null when the check is open. */
  lockedMinutes: z.number().int().positive().nullable(),
});
export type PassphraseStatus = z.infer<typeof PassphraseStatus>;
