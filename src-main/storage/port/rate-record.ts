import { z } from 'zod';
import { isDecimalString } from '@shared/money/exact';

/** The only source of a rate today: the service's public rates answer (getCoinRates). */
export const RATE_SOURCE = 'getCoinRates';

const Iso = z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'an ISO time');

/**
 * How one movement of an entry was valued in USD, kept in the entry's chain as a `rate` event beside
 * the event it values. A movement the desk could not value records why (`missing`) and no rate: a
 * rate is never invented, and every export says "no rate" for it.
 */
export const RateRecordSchema = z
  .object({
    /** The event valued: `settle` (the answer), or the webhook's event name (`withdrawal.success`). */
    movement: z.string().trim().min(1).max(64),
    /** The asset's symbol, uppercase ("USDT"). */
    asset: z.string().trim().min(1).max(32),
    quote: z.literal('USD'),
    /** USD for one unit of the asset, as the service wrote it; null when there was none. */
    rate: z.string().refine(isDecimalString, 'a decimal string').nullable(),
    source: z.literal(RATE_SOURCE).nullable(),
    /** When the rates answer that gave the rate arrived. */
    ratesAt: Iso.nullable(),
    /** How old that answer was when the movement was valued. */
    staleMs: z.number().int().nonnegative().nullable(),
    /** Whether the rates feed counted as stale then (three polls missed). */
    stale: z.boolean(),
    /** Why there is no rate, in words; null when there is one. */
    missing: z.string().trim().min(1).max(300).nullable(),
    /** When the desk valued the movement. */
    valuedAt: Iso,
  })
  .strict()
  .refine((v) => (v.rate === null) === (v.missing !== null), {
    path: ['missing'],
    message: 'a record has either a rate or the reason it has none',
  })
  .refine((v) => v.rate === null || (v.source !== null && v.ratesAt !== null && v.staleMs !== null), {
    path: ['source'],
    message: 'a rate names its source, its time and its age',
  });
export type RateRecord = z.infer<typeof RateRecordSchema>;

/** The chain event type a rate record is kept under. */
export const RATE_EVENT = 'rate';
