import type { MerchantApi } from '../../lib/merchant-api';
import type { CreateInvoiceInput } from '@contract';
import type { ErrorInfo } from '../../lib/ipc';
import { isRecord } from '../../lib/shape';

/** The fields of a created invoice the card shows, read from the answer without assuming its shape. */
export interface CreatedInvoice {
  code: string | null;
  url: string | null;
  orderId: string;
  amount: string | null;
  payerAmount: string | null;
  expiresAt: string | null;
  createdAt: string | null;
  /** The pair fixed in the request, if any (the answer does not repeat it). */
  coin: string | null;
  network: string | null;
}

/**
 * What the last creation came to. `duplicate` is the service's named refusal of a known order_id; `unknown` is
 * its own outcome: never shown as failed, never retried.
 */
export type CreateOutcome =
  | { kind: 'created'; journalId: string; invoice: CreatedInvoice; warnings: string[] }
  | { kind: 'duplicate'; journalId: string; orderId: string; error: ErrorInfo }
  | { kind: 'rejected'; journalId: string | null; error: ErrorInfo }
  | { kind: 'unknown'; journalId: string; orderId: string; amount: string; error: ErrorInfo | null };

type CreateResult = Awaited<ReturnType<MerchantApi['invoices']['create']>>;

const text = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);

export function readCreated(data: unknown, input: CreateInvoiceInput): CreatedInvoice {
  const record = isRecord(data) ? data : {};
  return {
    code: text(record.code),
    url: text(record.url),
    orderId: text(record.order_id) ?? input.order_id,
    amount: text(record.amount),
    payerAmount: text(record.payer_amount),
    expiresAt: text(record.expired_at),
    createdAt: text(record.created_at),
    coin: input.coin ?? null,
    network: input.network ?? null,
  };
}

export function toOutcome(input: CreateInvoiceInput, result: CreateResult): CreateOutcome {
  // Refused before a journal row existed (bad input, no key, another profile): nothing was sent.
  if (!result.ok) return { kind: 'rejected', journalId: null, error: result.error };
  const { journalId, outcome, reason, data, error, warnings } = result.data;
  if (outcome === 'unknown')
    return {
      kind: 'unknown',
      journalId,
      orderId: input.order_id,
      amount: input.amount,
      error: error ?? null,
    };
  if (outcome === 'rejected') {
    const refusal = error ?? { kind: 'internal' as const, message: 'The service refused.' };
    return reason === 'duplicate'
      ? { kind: 'duplicate', journalId, orderId: input.order_id, error: refusal }
      : { kind: 'rejected', journalId, error: refusal };
  }
  return { kind: 'created', journalId, invoice: readCreated(data, input), warnings: warnings ?? [] };
}
