import { z } from 'zod';
import { IsoTime } from './wire';

/** A JSON-lines import is read line by line up to these limits; the rest is refused, never half-read. */
export const IMPORT_LIMITS = {
  /** Non-empty lines read from one file; lines past this are counted, not read. */
  maxLines: 10_000,
  /** One line (one delivery with its headers), in characters. */
  maxLineChars: 1_000_000,
  /** Deliveries an import answer lists; the counts cover all of them. */
  firstRows: 50,
} as const;

export const WebhookImportInput = z.union([
  z.object({
    kind: z.literal('single'),
    rawBody: z.string().min(1).max(1_000_000),
    signature: z.string().max(200),
  }),
  z.object({ kind: z.literal('jsonl'), content: z.string().min(1).max(20_000_000) }),
]);

/** Where a delivery came from: pasted into the app, imported from a file, or the local receiver. */
const WebhookSource = z.enum(['pasted', 'file', 'receiver']);

/** Why a delivery was not applied: the signature, the body, or it was seen before. */
export const WebhookRejection = z.enum(['signature-mismatch', 'not-json', 'duplicate']);
export type WebhookRejection = z.infer<typeof WebhookRejection>;

/**
 * For a signature mismatch: the exact bytes the desk verified over (the body as received, shortened
 * when long), and whether the PHP re-encoding of that body (`\/` for `/`, `\uXXXX` for non-ASCII)
 * differs from it. A body that was parsed and re-encoded on the way (a log that stored `https://`
 * where the service signed `https:\/\/`) cannot verify. Never carries the expected signature.
 */
export const MismatchDetail = z.object({
  bytes: z.string(),
  byteLength: z.number().int().nonnegative(),
  truncated: z.boolean(),
  /** null: the body is not JSON (or holds floats), so the desk cannot re-encode it as the service would. */
  reencodingDiffers: z.boolean().nullable(),
  /** The re-encoded body when it differs, shortened like `bytes`. */
  reencoded: z.string().optional(),
  /** The signature matches the PHP re-encoding instead: the body was re-encoded after signing. */
  matchesReencoded: z.boolean(),
});
export type MismatchDetail = z.infer<typeof MismatchDetail>;

/** The ids a delivery names, as far as the body says them (its fields are not all documented). */
export const WebhookIds = z.object({
  eventId: z.string().optional(),
  withdrawalId: z.string().optional(),
  invoiceId: z.string().optional(),
  invoiceCode: z.string().optional(),
  orderId: z.string().optional(),
});
export type WebhookIds = z.infer<typeof WebhookIds>;

export const WebhookDelivery = z.object({
  id: z.string(),
  /** The profile whose key verified it (or failed to) and whose journal it applies to. */
  profileId: z.string().optional(),
  receivedAt: IsoTime,
  source: WebhookSource,
  verified: z.boolean(),
  duplicate: z.boolean(),
  event: z.string().nullable(),
  appliedTo: z.string().nullable(),
  note: z.string().nullable(),
  rejection: WebhookRejection.nullable().optional(),
  ids: WebhookIds.optional(),
  mismatch: MismatchDetail.optional(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

/** A line of an import that was not a delivery at all (not JSON, no raw body, too long). */
export const SkippedLine = z.object({ line: z.number().int().positive(), reason: z.string() });
export type SkippedLine = z.infer<typeof SkippedLine>;

export const ImportCounts = z.object({
  /** Non-empty lines in the file (or 1 for a pasted delivery). */
  lines: z.number().int().nonnegative(),
  read: z.number().int().nonnegative(),
  applied: z.number().int().nonnegative(),
  /** Verified, but nothing in the journal changed (recorded, or kept until its entry appears). */
  verified: z.number().int().nonnegative(),
  duplicates: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  /** Lines past the line limit: not read at all. */
  notRead: z.number().int().nonnegative(),
});
export type ImportCounts = z.infer<typeof ImportCounts>;

export const WebhookImportResult = z.object({
  /** The first deliveries (IMPORT_LIMITS.firstRows at most), in file order. */
  deliveries: z.array(WebhookDelivery),
  counts: ImportCounts.optional(),
  skipped: z.array(SkippedLine).optional(),
});
export type WebhookImportResult = z.infer<typeof WebhookImportResult>;

/** How far a running import is. */
export const ImportProgress = z.object({
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});

export const WebhookReceiverInput = z.object({
  enabled: z.boolean(),
  port: z.number().int().min(1024).max(65535),
});
export const WebhookReceiverStatus = z.object({
  enabled: z.boolean(),
  port: z.number().int(),
  url: z.string().nullable(),
  /** Whose key it verifies with: the profile active when it started (read once, kept while it runs). */
  profileId: z.string().optional(),
  /** Deliveries that verified, and deliveries turned away (bad signature, too many), since it started. */
  accepted: z.number().int().nonnegative().optional(),
  rejected: z.number().int().nonnegative().optional(),
  limited: z.number().int().nonnegative().optional(),
});
export type WebhookReceiverStatus = z.infer<typeof WebhookReceiverStatus>;
