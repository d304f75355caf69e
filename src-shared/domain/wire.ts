import { z } from 'zod';
import { DECIMAL_STRING, MAX_DECIMAL_LENGTH } from '@shared/money/rules';
import { hiddenCharacterIn } from './address/text';

/**
 * The atoms every other schema is built from: how money, codes, ids, times and URLs look on the wire
 * between renderer and main and from main to the service. Each rule is written here once.
 */

export const DecimalString = z
  .string()
  .max(MAX_DECIMAL_LENGTH, `must be at most ${MAX_DECIMAL_LENGTH} characters`)
  .regex(DECIMAL_STRING, 'must be a decimal string such as "12.50"');

/**
 * Refuses invisible control and direction characters in text a person checks by eye: a reversed
 * address or order id is a classic way to make one value look like another.
 */
export function refuseHiddenCharacters(value: string, ctx: z.RefinementCtx): void {
  const hidden = hiddenCharacterIn(value);
  if (hidden)
    ctx.addIssue({
      code: 'custom',
      message: `contains a hidden ${hidden}, which can disguise what is shown; type it again or copy it from a source you trust`,
    });
}

// Runtime-owned codes are not a closed list; we only refuse what can never be a code.
export const Code = z
  .string()
  .min(1, 'is required')
  .max(64, 'is too long for a coin or network code')
  .regex(/^[^\s\p{Cc}]+$/u, 'must not contain spaces or control characters')
  .transform((value) => value.toLowerCase());

export const Id = z.string().min(1).max(200);
export const IsoTime = z.string();

/**
 * A moment the desk stores and compares (a period's bounds, a filter's range): ISO 8601 with any
 * offset in, UTC with milliseconds out (as toISOString writes it, like every time the journal
 * records), so comparing two as text, in SQL or in code, orders them in time.
 */
export const Instant = z.iso
  .datetime({ offset: true, message: 'must be a date and time such as 2026-11-01T00:00:00Z' })
  .transform((v) => new Date(v).toISOString());

export const Json = z.unknown();

/**
 * A URL a customer's browser or the service will be sent to: https only, so a `javascript:` link,
 * a plain-http page or an `ftp:` address can never enter an invoice, a wallet or the shell.
 */
export const HttpsUrl = z
  .string()
  .max(2000, 'must be at most 2000 characters')
  .refine((value) => {
    if (/\s/.test(value) || !URL.canParse(value)) return false;
    return new URL(value).protocol === 'https:';
  }, 'must be a full https:// address such as https://shop.example/ok');

/**
 * A destination address is sent exactly as the person typed it and saw it: never trimmed or
 * otherwise reshaped, so a stray space or line break is refused with a message rather than removed.
 */
export const WithdrawalAddress = z
  .string()
  .min(1, 'is required')
  .max(200, 'must be at most 200 characters')
  .refine(
    (value) => value.trim() === value,
    'must not start or end with spaces; remove them and check the address again',
  )
  .refine((value) => !/\s/.test(value), 'must not contain spaces or line breaks')
  .superRefine(refuseHiddenCharacters);

export const Email = z.email('must be an e-mail address');
