import { compareDecimal, isDecimalString } from '../api/decimal';
import {
  INVOICE_EVENTS,
  WITHDRAWAL_EVENTS,
  type InvoiceEvent,
  type Journal,
  type JournalEntry,
  type WithdrawalEvent,
} from '../journal';
import type { WebhookSink } from '../services/webhook-intake';

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const lower = (v: string | null | undefined) => v?.trim().toLowerCase();

/** What a withdrawal event says was sent; field names beyond withdrawal_id are not shown by the spec. */
function described(payload: unknown) {
  const data = ((payload as { data?: unknown } | null)?.data ?? {}) as Record<string, unknown>;
  const amounts = (data.amounts ?? {}) as Record<string, unknown>;
  return {
    coin: lower(str(data.coin)),
    network: lower(str(data.network)),
    address: str(data.to_address) ?? str(data.address),
    amount: str(data.amount) ?? str(amounts.requested),
  };
}

/**
 * An unknown withdrawal has no withdrawal_id (its answer was lost). A verified event that describes
 * exactly one unknown withdrawal (same coin, network, address and amount) is evidence that it was
 * performed. Two candidates prove nothing: then a person decides.
 */
function matchUnknownWithdrawal(journal: Journal, payload: unknown): JournalEntry | undefined {
  const seen = described(payload);
  if (!seen.coin || !seen.network || !seen.address || !isDecimalString(seen.amount)) return undefined;
  const candidates = journal
    .findUnknown()
    .filter(
      (e) =>
        e.operation === 'createWithdrawal' &&
        lower(e.coin) === seen.coin &&
        lower(e.network) === seen.network &&
        e.toAddress === seen.address &&
        isDecimalString(e.amount) &&
        compareDecimal(e.amount, seen.amount!) === 0,
    );
  return candidates.length === 1 ? candidates[0] : undefined;
}

/** Verified webhook events, applied to the journal entries they are about. */
export function journalSink(journal: Journal, activeProfileId: () => string): WebhookSink {
  return {
    applyWithdrawalEvent(withdrawalId, event, payload) {
      if (!(WITHDRAWAL_EVENTS as readonly string[]).includes(event)) return null;
      let result = journal.applyWithdrawalEvent(withdrawalId, event as WithdrawalEvent, payload);
      if (!result.applied && result.reason === 'no-entry') {
        const unknown = matchUnknownWithdrawal(journal, payload);
        if (!unknown) return null;
        journal.resolve(unknown.id, {
          by: 'evidence',
          performed: true,
          reason: `A verified ${event} webhook for withdrawal ${withdrawalId} matches this request (coin, network, address and amount).`,
          evidence: { kind: 'webhook', event },
          externalIds: { withdrawalId },
        });
        result = journal.applyWithdrawalEvent(withdrawalId, event as WithdrawalEvent, payload);
      }
      return result.applied ? String(result.entryId) : null;
    },
    applyInvoiceEvent(ref, event, payload) {
      if (!(INVOICE_EVENTS as readonly string[]).includes(event)) return null;
      const invoiceRef = {
        profileId: activeProfileId(),
        ...(ref.id ? { invoiceId: ref.id } : {}),
        ...(ref.code ? { invoiceCode: ref.code } : {}),
        ...(ref.orderId ? { orderId: ref.orderId } : {}),
      };
      let result = journal.applyInvoiceEvent(invoiceRef, event as InvoiceEvent, payload);
      // A verified event about this order proves the invoice whose answer we lost was created.
      if (!result.applied && result.reason === 'entry-unknown' && result.entryId !== undefined) {
        journal.resolve(result.entryId, {
          by: 'evidence',
          performed: true,
          reason: `A verified ${event} webhook for order ${ref.orderId ?? ref.code ?? ref.id} shows the invoice exists.`,
          evidence: { kind: 'webhook', event },
          externalIds: { ...(ref.id ? { invoiceId: ref.id } : {}), ...(ref.code ? { invoiceCode: ref.code } : {}) },
        });
        result = journal.applyInvoiceEvent(invoiceRef, event as InvoiceEvent, payload);
      }
      return result.applied ? String(result.entryId) : null;
    },
  };
}
