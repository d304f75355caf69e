import { z } from 'zod';
import { isAtLeast, isDecimalString, isZero } from './decimal';
import { requestError, type ApiError } from './errors';
import { INVOICE_MINIMUM_USD } from './rules';

/**
 * Request schemas, checked before anything is signed or sent. They also normalise what the spec
 * normalises (lowercase codes, an empty allowed_coins list meaning "all coins") so the bytes we
 * sign are the bytes the service would have ended up with.
 */

// Runtime-owned codes are not a closed list; we only refuse what can never be a code.
const code = z
  .string()
  .min(1, 'is required')
  .regex(/^[^\s\p{Cc}]+$/u, 'must not contain spaces or control characters')
  .transform((value) => value.toLowerCase());

const httpUrl = z
  .string()
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), 'must be an http(s) URL');

const decimalAmount = z.string().refine(isDecimalString, 'must be a decimal string such as "12.50"');

export const createInvoiceInput = z
  .strictObject({
    order_id: z.string().min(1, 'is required'),
    amount: decimalAmount.refine(
      (v) => !isDecimalString(v) || isAtLeast(v, INVOICE_MINIMUM_USD),
      `must be at least ${INVOICE_MINIMUM_USD} USD`,
    ),
    is_customer_fee: z.boolean().optional(),
    is_customer_network_fee: z.boolean().optional(),
    allow_card_payments: z.boolean().optional(),
    success_url: httpUrl.nullable().optional(),
    cancel_url: httpUrl.nullable().optional(),
    allowed_coins: z
      .array(code.refine((c) => !c.includes(':'), 'holds coin codes only, not coin:network pairs'))
      .nullable()
      .optional()
      .transform((list) => (list !== undefined && list !== null && list.length === 0 ? null : list)),
    coin: code.optional(),
    network: code.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.coin !== undefined && value.network === undefined) {
      ctx.addIssue({ code: 'custom', path: ['network'], message: 'is required when coin is given' });
    }
    if (value.network !== undefined && value.coin === undefined) {
      ctx.addIssue({ code: 'custom', path: ['coin'], message: 'is required when network is given' });
    }
  });
export type CreateInvoiceInput = z.input<typeof createInvoiceInput>;

export const createWithdrawalInput = z.strictObject({
  coin: code,
  network: code,
  amount: decimalAmount.refine((v) => !isDecimalString(v) || !isZero(v), 'must be greater than 0'),
  // An address is never reshaped: a stray space is refused, not trimmed.
  to_address: z.string().min(1, 'is required').regex(/^\S+$/, 'must not contain spaces or line breaks'),
});
export type CreateWithdrawalInput = z.input<typeof createWithdrawalInput>;

/** Only coin, network and webhook_url are documented; other fields go through as given. */
export const createWalletAddressInput = z.looseObject({
  coin: code,
  network: code,
  webhook_url: httpUrl.optional(),
});
export type CreateWalletAddressInput = z.input<typeof createWalletAddressInput>;

export const providerCardOrderInput = z.strictObject({
  invoiceCode: z.string().min(1, 'is required'),
  email: z.email('must be an e-mail address').nullable().optional(),
});
export type ProviderCardOrderInput = z.input<typeof providerCardOrderInput>;

export const pathParam = z.string().min(1, 'is required');

function issuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    out += typeof part === 'number' ? `[${part}]` : `${out ? '.' : ''}${String(part)}`;
  }
  return out || '(body)';
}

/** Parses input or throws a 'request' ApiError whose fieldErrors name each bad field. */
export function parseInput<S extends z.ZodType>(operation: string, schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw inputError(operation, result.error);
}

function inputError(operation: string, error: z.ZodError): ApiError {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issuePath(issue.path);
    (fieldErrors[field] ??= []).push(issue.message);
  }
  const list = Object.entries(fieldErrors)
    .map(([field, msgs]) => `${field} ${msgs.join(', ')}`)
    .join('; ');
  return requestError(operation, `Nothing was sent: ${list}. Correct the form and try again.`, fieldErrors);
}
