import { z } from 'zod';
import { openEnvelope } from './decode';
import { invoiceSchema, networkFeesSchema, type Invoice } from './schemas';
import { ENVELOPE_GAP, isRecord, nothingReadable, readFields, type UnreadableField } from './tolerant';
import type { HttpResponse } from './transport';

/**
 * getInvoice read field by field: one unexpected field type must not hide the rest of an invoice
 * from the person looking it up. Readable documented fields are typed, unknown extra fields pass
 * through, and each documented field that could not be read is listed with its raw value.
 */
export type InvoiceLookup = {
  invoice: Partial<Invoice>;
  network_fees: Record<string, unknown>[];
  /** Documented fields missing or of another type, named by their path (e.g. "invoice.amount_usd"). */
  unreadable: UnreadableField[];
  /** Gaps in the answer as a whole (a missing envelope). */
  warnings: string[];
} & Record<string, unknown>;

const lookupSchema = z.looseObject({ network_fees: networkFeesSchema });

/** Only an answer that is not JSON, or holds no invoice object at all, fails. */
export function readInvoiceLookup(operation: string, res: HttpResponse): InvoiceLookup {
  const { data, enveloped } = openEnvelope(operation, res);
  if (!isRecord(data) || !isRecord(data.invoice)) {
    throw nothingReadable(operation, res.status, isRecord(data) ? 'invoice' : '(body)', 'invoice object');
  }
  const invoice = readFields(invoiceSchema, data.invoice, 'invoice.');
  const rest = readFields(lookupSchema, data);
  return {
    ...rest.value,
    invoice: invoice.value,
    network_fees: rest.value.network_fees ?? [],
    unreadable: [...invoice.unreadable, ...rest.unreadable],
    warnings: enveloped ? [] : [ENVELOPE_GAP],
  };
}
