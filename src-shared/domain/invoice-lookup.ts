import { z } from 'zod';
import { Json } from './wire';

/**
 * A documented field the service's answer did not give in its documented form: its path (e.g.
 * "invoice.amount_usd"), what was wrong ("missing", or the check it failed) and the raw value as
 * received (absent when the field was). Shown to the person instead of failing the whole answer.
 */
export const UnreadableField = z.object({ field: z.string(), problem: z.string(), value: Json.optional() });
export type UnreadableField = z.infer<typeof UnreadableField>;

/**
 * An invoice lookup as the renderer gets it: every documented field that could be read (validated in
 * main, field by field), extra fields as the service sent them, and the fields that could not be read.
 * A documented field named in `unreadable` is absent from `invoice`.
 */
export const InvoiceLookupView = z.looseObject({
  invoice: z.record(z.string(), Json),
  network_fees: z.array(z.record(z.string(), Json)),
  unreadable: z.array(UnreadableField),
  /** Gaps of the answer as a whole, e.g. a missing {status, data} envelope. */
  warnings: z.array(z.string()),
});
export type InvoiceLookupView = z.infer<typeof InvoiceLookupView>;

/** Is an invoice with this status still payable (new, waiting or partial)? */
export const isOpenInvoiceStatus = (status: string | null) =>
  status === 'new' || status === 'waiting' || status === 'partial';
