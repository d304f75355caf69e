import { z } from 'zod';
import { Code, DecimalString, Id, IsoTime, Json } from './common';

const HttpsUrl = z.string().trim().url('must be a full URL such as https://shop.example/ok').max(2000);

export const CreateInvoiceInput = z.object({
  order_id: z.string().trim().min(1, 'is required').max(255),
  amount: DecimalString,
  is_customer_fee: z.boolean().optional(),
  is_customer_network_fee: z.boolean().optional(),
  allow_card_payments: z.boolean().optional(),
  success_url: HttpsUrl.nullable().optional(),
  cancel_url: HttpsUrl.nullable().optional(),
  allowed_coins: z.array(Code).max(50).nullable().optional(),
  coin: Code.optional(),
  network: Code.optional(),
});
export type CreateInvoiceInput = z.input<typeof CreateInvoiceInput>;

export const CreateWithdrawalInput = z.object({
  coin: Code,
  network: Code,
  amount: DecimalString,
  to_address: z.string().trim().min(1, 'is required').max(200),
  /** Required to send a withdrawal identical to one still pending or unknown. */
  override: z.object({ reason: z.string().trim().min(3, 'say why this is not a duplicate') }).optional(),
});
export type CreateWithdrawalInput = z.input<typeof CreateWithdrawalInput>;

export const CreateWalletInput = z.object({
  coin: Code,
  network: Code,
  webhook_url: HttpsUrl.nullable().optional(),
  label: z.string().trim().max(100).optional(),
});
export type CreateWalletInput = z.input<typeof CreateWalletInput>;

export const InvoiceCode = z.object({ code: z.string().trim().min(1).max(200) });
export const CardOrderInput = InvoiceCode.extend({ email: z.string().email().nullable().optional() });

export const QrView = z.object({ contentType: z.string(), base64: z.string() });

export const JournalState = z.enum(['sending', 'accepted', 'rejected', 'unknown']);
export const JournalEntry = z.object({
  id: Id,
  operation: z.string(),
  profileId: z.string(),
  environment: z.string(),
  state: z.string(),
  createdAt: IsoTime,
  updatedAt: IsoTime,
  fields: z.record(z.string(), Json),
  externalIds: z.record(z.string(), Json),
  settlement: z.string().nullable(),
  resolution: Json.nullable(),
  response: Json.nullable(),
  error: Json.nullable(),
});
export type JournalEntry = z.infer<typeof JournalEntry>;

export const JournalQuery = z.object({
  operation: z.string().max(64).optional(),
  state: z.string().max(64).optional(),
  limit: z.number().int().min(1).max(1000).default(200),
});
export const JournalList = z.object({ entries: z.array(JournalEntry) });

export const ResolveInput = z.object({
  id: Id,
  performed: z.boolean(),
  reason: z.string().trim().min(3, 'say how you know (e.g. "confirmed with the service by phone")').max(1000),
});
/**
 * `head` is the hash of the newest event. Kept outside the app (it is in every export), it makes the
 * deletion of the newest entries detectable, which no check inside the database can.
 */
export const ChainStatus = z.object({
  ok: z.boolean(),
  brokenAt: z.string().nullable(),
  checked: z.number(),
  head: z.string().nullable(),
});
export const ExportResult = z.object({
  path: z.string().nullable(),
  rows: z.number(),
  chainHead: z.string().nullable(),
});

export const WebhookImportInput = z.union([
  z.object({
    kind: z.literal('single'),
    rawBody: z.string().min(1).max(1_000_000),
    signature: z.string().max(200),
  }),
  z.object({ kind: z.literal('jsonl'), content: z.string().min(1).max(20_000_000) }),
]);
export const WebhookDelivery = z.object({
  id: z.string(),
  receivedAt: IsoTime,
  source: z.enum(['pasted', 'file', 'receiver']),
  verified: z.boolean(),
  duplicate: z.boolean(),
  event: z.string().nullable(),
  appliedTo: z.string().nullable(),
  note: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
export const WebhookImportResult = z.object({ deliveries: z.array(WebhookDelivery) });
export const WebhookReceiverInput = z.object({
  enabled: z.boolean(),
  port: z.number().int().min(1024).max(65535),
});
export const WebhookReceiverStatus = z.object({
  enabled: z.boolean(),
  port: z.number().int(),
  url: z.string().nullable(),
});
