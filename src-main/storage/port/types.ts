import { z } from 'zod';
import { Environment, ProfileId } from '@shared/domain/profile';
import type { EntryState, Operation, Settlement } from '@shared/domain/journal';
import { WithdrawalOverride } from '@shared/domain/operations';

// Operations, states and settlements are domain vocabulary shared with the renderer's views.
export { EntryState, Operation, Settlement } from '@shared/domain/journal';
export type { Environment } from '@shared/domain/profile';

export const WITHDRAWAL_EVENTS = [
  'withdrawal.in_progress',
  'withdrawal.success',
  'withdrawal.failed',
] as const;
export type WithdrawalEvent = (typeof WITHDRAWAL_EVENTS)[number];

export const INVOICE_EVENTS = ['invoice.paid', 'invoice.expired', 'aml.rejected.invoice'] as const;
export type InvoiceEvent = (typeof INVOICE_EVENTS)[number];

const Id = z.string().trim().min(1).max(256);
const Reason = z.string().trim().max(2000);

export const ExternalIdsSchema = z
  .object({ invoiceId: Id, invoiceCode: Id, withdrawalId: Id, walletId: Id, cardOrderId: Id })
  .partial()
  .strict();
export type ExternalIds = z.infer<typeof ExternalIdsSchema>;

export const BeginInputSchema = z
  .object({
    profileId: ProfileId,
    environment: Environment,
    /** The body as it will be signed and sent; stored in canonical form. */
    requestBody: z.record(z.string(), z.unknown()),
    /** Path parameter of createProviderCardOrder (it is not in the body). */
    invoiceCode: Id.optional(),
    /** Needed to send a withdrawal identical to one still in flight or unknown. */
    override: WithdrawalOverride.optional(),
  })
  .strict();
export type BeginInput = z.input<typeof BeginInputSchema>;

export const SettleInputSchema = z
  .object({
    outcome: z.enum(['accepted', 'rejected', 'unknown']),
    response: z.unknown().optional(),
    error: z.unknown().optional(),
    externalIds: ExternalIdsSchema.optional(),
    /** Gaps of an accepted answer that was not as documented ("no withdrawal id: ..."). */
    warnings: z.array(z.string().trim().min(1).max(1000)).max(20).optional(),
  })
  .strict()
  .refine((v) => !v.warnings?.length || (v.outcome === 'accepted' && v.error === undefined), {
    path: ['warnings'],
    message: 'only an accepted answer without an error carries warnings',
  });
export type SettleInput = z.input<typeof SettleInputSchema>;

export const EvidenceSchema = z.discriminatedUnion('kind', [
  /** A verified webhook about this very operation (withdrawal or invoice events). */
  z
    .object({
      kind: z.literal('webhook'),
      event: Id,
      idempotencyKey: Id.optional(),
      payload: z.unknown().optional(),
    })
    .strict(),
  /** getInvoice found the invoice (the person found its code elsewhere, e.g. the merchant's own records). */
  z.object({ kind: z.literal('invoice-lookup'), invoiceCode: Id, status: Id.optional() }).strict(),
  /** Re-submitting the same order_id answered 409: the invoice exists. Safe for invoices only. */
  z.object({ kind: z.literal('order-id-conflict'), orderId: Id, response: z.unknown().optional() }).strict(),
  /**
   * Re-submitting the same order_id was accepted (journal entry `entryId`): order ids are unique per
   * merchant, so the first attempt created nothing. The one evidence that proves "not performed".
   */
  z
    .object({ kind: z.literal('order-id-accepted'), orderId: Id, entryId: z.number().int().positive() })
    .strict(),
]);
export type Evidence = z.infer<typeof EvidenceSchema>;

export const ResolveInputSchema = z
  .object({
    by: z.enum(['person', 'evidence']),
    performed: z.boolean(),
    reason: Reason,
    /** Who decided, by name, when a person did. */
    person: z.string().trim().min(1).max(100).optional(),
    evidence: EvidenceSchema.optional(),
    externalIds: ExternalIdsSchema.optional(),
  })
  .strict();
export type ResolveInput = z.input<typeof ResolveInputSchema>;

export interface Resolution {
  by: 'person' | 'evidence';
  person?: string;
  performed: boolean;
  reason: string;
  evidence: Evidence | null;
  at: string;
}

/** The fields read from a request body, used to match withdrawals and invoices. */
export interface KeyFields {
  orderId: string | null;
  coin: string | null;
  network: string | null;
  /** Decimal string as sent: crypto for withdrawals, USD for invoices. */
  amount: string | null;
  toAddress: string | null;
  invoiceCode: string | null;
}

export interface JournalEntry extends KeyFields {
  id: number;
  operation: Operation;
  profileId: string;
  environment: Environment;
  state: EntryState;
  /** Canonical JSON of what was (or was about to be) sent. Never holds a key or signature. */
  requestBody: string;
  invoiceId: string | null;
  withdrawalId: string | null;
  walletId: string | null;
  cardOrderId: string | null;
  response: unknown;
  error: unknown;
  /** Gaps of the accepted answer, in words; empty when it was as documented. */
  warnings: string[];
  settlement: Settlement | null;
  invoiceStatus: string | null;
  overrideReason: string | null;
  resolution: Resolution | null;
  createdAt: string;
  updatedAt: string;
  /** What is wrong with the stored row, in words: such a row is listed and flagged, never hidden. */
  damage: string[];
}

export interface JournalEvent {
  seq: number;
  entryId: number;
  type: string;
  at: string;
  detail: unknown;
  hash: string;
  /** The stored content could not be read (the chain check says why). */
  damaged: boolean;
}

export interface ListQuery {
  /** Only this profile's entries: every list a screen shows is of the active profile. */
  profileId?: string;
  operation?: Operation;
  state?: EntryState;
  limit?: number;
  /** Entry id cursor: only entries older (smaller id) than this. */
  before?: number;
}

export type ChainCheck =
  | { ok: true; events: number; head: string }
  | { ok: false; brokenAt: { seq?: number; entryId?: number; reason: string } };

export type ApplyResult =
  | { applied: true; entryId: number; changed: boolean }
  | {
      applied: false;
      reason: 'duplicate' | 'no-entry' | 'entry-unknown' | 'contradicts-resolution';
      entryId?: number;
    };
