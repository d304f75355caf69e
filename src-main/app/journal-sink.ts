import { INVOICE_EVENTS, WITHDRAWAL_EVENTS, type InvoiceEvent, type Journal, type WithdrawalEvent } from '../journal';
import type { WebhookSink } from '../services/webhook-intake';

/** Verified webhook events, applied to the journal entries they are about. */
export function journalSink(journal: Journal, activeProfileId: () => string): WebhookSink {
  return {
    applyWithdrawalEvent(withdrawalId, event, payload) {
      if (!(WITHDRAWAL_EVENTS as readonly string[]).includes(event)) return null;
      const result = journal.applyWithdrawalEvent(withdrawalId, event as WithdrawalEvent, payload);
      return result.applied ? String(result.entryId) : null;
    },
    applyInvoiceEvent(ref, event, payload) {
      if (!(INVOICE_EVENTS as readonly string[]).includes(event)) return null;
      const result = journal.applyInvoiceEvent(
        {
          profileId: activeProfileId(),
          ...(ref.id ? { invoiceId: ref.id } : {}),
          ...(ref.code ? { invoiceCode: ref.code } : {}),
          ...(ref.orderId ? { orderId: ref.orderId } : {}),
        },
        event as InvoiceEvent,
        payload,
      );
      return result.applied ? String(result.entryId) : null;
    },
  };
}
