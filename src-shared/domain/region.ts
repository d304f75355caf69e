import { z } from 'zod';
import { isKnownRegion } from '../money/region';

/**
 * The Region setting (issue 29): how numbers are written on screen, separate from the language. Null:
 * none chosen, the desk's neutral form ("1,234.50"). A tag Intl does not know is refused.
 */
export const RegionSetting = z
  .object({
    region: z
      .string()
      .trim()
      .min(2)
      .max(35)
      .refine(isKnownRegion, 'must be a region such as de-DE, en-US or ja-JP')
      .nullable(),
  })
  .strict();
export type RegionSetting = z.infer<typeof RegionSetting>;
