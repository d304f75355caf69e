import { z } from 'zod';
import { DecimalString } from '@shared/domain/wire';

/**
 * Response schemas. Documented fields are checked (field by field for writes and the invoice lookup,
 * see tolerant.ts); every object is loose so fields the service adds
 * later pass through untouched; shapes the spec marks "not shown" are accepted as any JSON.
 * Runtime-owned values (codes, statuses, types) are plain strings, never closed enums: the spec says
 * they change without a version change, and a new value must not make the app unable to read money.
 */

// A lenient ISO 8601 check: PHP emits microseconds and offsets in several styles.
const dateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/, 'expected an ISO 8601 date-time');
const freeObject = z.record(z.string(), z.unknown());
// PHP's json_encode writes an empty associative array as [], so an "object" can arrive as [].
const phpObject = z.preprocess((v) => (Array.isArray(v) && v.length === 0 ? {} : v), freeObject);

export const envelope = <T extends z.ZodType>(data: T) =>
  z.looseObject({ status: z.literal('success'), data });

export const createdInvoiceSchema = z.looseObject({
  id: z.string(),
  order_id: z.string(),
  url: z.string(),
  code: z.string().min(1),
  amount: DecimalString,
  payer_amount: DecimalString,
  expired_at: dateTime,
  created_at: dateTime,
});
/** As read from a 2xx answer: a documented field may be missing (the gap is flagged, see tolerant.ts). */
export type CreatedInvoice = Partial<z.infer<typeof createdInvoiceSchema>>;

const optionalNullableString = z.string().nullable().optional();

export const invoiceSchema = z.looseObject({
  id: z.string(),
  code: z.string(),
  url: z.string(),
  order_id: z.string(),
  merchant_name: z.string(),
  amount_usd: DecimalString,
  payed_usd: DecimalString,
  payer_amount_usd: DecimalString,
  full_amount_usd: DecimalString,
  amount_crypto: DecimalString,
  payed_crypto: DecimalString,
  fee_crypto: DecimalString,
  network_fee_crypto: DecimalString,
  payer_amount_crypto: DecimalString,
  amount_crypto_units: optionalNullableString,
  payed_crypto_units: optionalNullableString,
  fee_crypto_units: optionalNullableString,
  network_fee_crypto_units: optionalNullableString,
  payer_amount_crypto_units: optionalNullableString,
  is_customer_fee: z.boolean(),
  is_customer_network_fee: z.boolean(),
  allow_card_payments: z.boolean(),
  full_crypto_amount: optionalNullableString,
  wallet_address: z.string().nullable(),
  qr_code_url: z.string().nullable(),
  coin: z.string().nullable(),
  network: z.string().nullable(),
  // The spec lists new, waiting, partial, paid, expired and aml_rejected; kept open so a new one is shown, not refused.
  status: z.string().min(1),
  return_url: optionalNullableString,
  success_url: optionalNullableString,
  cancel_url: optionalNullableString,
  transaction_list: z.array(z.string()),
  allowed_coins: z.array(freeObject),
  allowed_networks: z.preprocess(
    (v) => (Array.isArray(v) && v.length === 0 ? {} : v),
    z.record(z.string(), z.array(freeObject)),
  ),
  provider_card: phpObject,
  created_at: dateTime,
  expired_at: dateTime.nullable().optional(),
  finished_at: optionalNullableString,
});

export type Invoice = z.infer<typeof invoiceSchema>;
export const networkFeesSchema = z.array(freeObject);

export const rateEntrySchema = z.looseObject({
  coin: z.looseObject({ symbol: z.string().min(1), name: z.string(), type: z.string() }),
  quotes: z.array(z.looseObject({ currency_to: z.string(), price: z.string(), type: z.string() })),
  networks: z.array(
    z.looseObject({
      network: z.string().min(1),
      name: z.string(),
      type: z.string(),
      deposit_enabled: z.boolean(),
      withdraw_enabled: z.boolean(),
      min_deposit: z.string().nullable(),
      min_withdrawal: z.string().nullable(),
      max_withdrawal: z.string().nullable(),
      network_fee: z.string().nullable(),
      decimals: z.number().int().min(0).nullable(),
    }),
  ),
});
export type RateEntry = z.infer<typeof rateEntrySchema>;
export type RateNetwork = RateEntry['networks'][number];
export const ratesSchema = z.array(rateEntrySchema);
export type CoinRates = z.infer<typeof ratesSchema>;

export const catalogCoinSchema = z.looseObject({
  coin: z.looseObject({ symbol: z.string().min(1), label: z.string() }),
  networks: z.array(
    z.looseObject({
      network: z.string().min(1),
      title: z.string(),
      network_fee: z.string().nullable(),
      service_fee: z.string(),
      min_withdrawal: z.string().nullable(),
    }),
  ),
});
export const catalogSchema = z.looseObject({ coins: z.array(catalogCoinSchema) });
export type CoinCatalog = z.infer<typeof catalogSchema>;

/**
 * withdrawal_id and status are documented; a 200 without them is still an accepted withdrawal (the
 * answer is read field by field, see tolerant.ts), flagged so it can be matched by its webhook.
 * amounts and fees are "not shown" and may be absent without doubt.
 */
export const withdrawalSchema = z.looseObject({
  withdrawal_id: z.union([z.string().min(1), z.number().int()]),
  status: z.string().min(1),
  amounts: z.unknown().optional(),
  fees: z.unknown().optional(),
});
export type WithdrawalAccepted = Partial<z.infer<typeof withdrawalSchema>>;

/** Wallet record fields are "not shown"; the one documented field is checked when present. */
export const walletSchema = z.looseObject({ qr_code_url: z.string().min(1).optional() });
export type WalletCreated = z.infer<typeof walletSchema>;
