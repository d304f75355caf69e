import { compareDecimal, isDecimalString } from '@shared/money/exact';
import {
  INVOICE_EVENTS,
  WITHDRAWAL_EVENTS,
  type ApplyResult,
  type InvoiceEvent,
  type JournalEntry,
  type JournalStore,
  type WithdrawalEvent,
} from '../storage/port';
import type { WebhookSink } from '../services/webhook-intake';

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const lower = (v: string | null | undefined) => v?.trim().toLowerCase();

/** What a withdrawal event says was sent; field names beyond withdrawal_id are not shown by the spec. */
function described(payload: unknown) {
  const body = (payload ?? {}) as Record<string, unknown>;
  const data = (body.data ?? {}) as Record<string, unknown>;
  const amounts = (data.amounts ?? {}) as Record<string, unknown>;
  const at = Date.parse(str(data.created_at) ?? str(body.created_at) ?? '');
  return {
    coin: lower(str(data.coin)),
    network: lower(str(data.network)),
    address: str(data.to_address) ?? str(data.address),
    amount: str(data.amount) ?? str(amounts.requested),
    createdAt: Number.isNaN(at) ? undefined : at,
  };
}

// Our row is written just before the request leaves, so it can precede the service's record by a
// little; a withdrawal the service created long before our request is a different withdrawal.
const CLOCK_SLACK_MS = 5 * 60_000;

/**
 * Two kinds of withdrawal entry have no withdrawal_id: an unknown one (its answer was lost) and one
 * accepted with an answer that carried no id. A verified event of the same merchant account that
 * describes exactly one of them (same coin, network, address and amount, and not created before our
 * request) names it. Two candidates prove nothing: then a person decides.
 */
export function describesEntry(entry: JournalEntry, profileId: string, payload: unknown): boolean {
  const seen = described(payload);
  if (!seen.coin || !seen.network || !seen.address || !isDecimalString(seen.amount)) return false;
  return (
    entry.operation === 'createWithdrawal' &&
    entry.profileId === profileId &&
    lower(entry.coin) === seen.coin &&
    lower(entry.network) === seen.network &&
    entry.toAddress === seen.address &&
    isDecimalString(entry.amount) &&
    compareDecimal(entry.amount, seen.amount!) === 0 &&
    (seen.createdAt === undefined || Date.parse(entry.createdAt) <= seen.createdAt + CLOCK_SLACK_MS)
  );
}

async function matchWithdrawalWithoutId(
  journal: JournalStore,
  profileId: string,
  payload: unknown,
): Promise<JournalEntry | undefined> {
  const found = [
    ...(await journal.findUnknown()),
    ...(await journal.findAcceptedWithoutWithdrawalId(profileId)),
  ];
  const candidates = found.filter((e) => describesEntry(e, profileId, payload));
  return candidates.length === 1 ? candidates[0] : undefined;
}

/** Verified webhook events, applied to the entries of the merchant account that signed them. */
export function journalSink(
  journal: JournalStore,
  /** Values the movement an applied event recorded (books/movement-valuer.ts); never throws. */
  valueMovement?: (entryId: number, event: string, payload: unknown) => Promise<void>,
): WebhookSink {
  const valued = async (result: ApplyResult, event: string, payload: unknown) => {
    if (result.applied && result.changed) await valueMovement?.(result.entryId, event, payload);
  };
  return {
    async applyWithdrawalEvent(profileId, withdrawalId, event, payload) {
      if (!(WITHDRAWAL_EVENTS as readonly string[]).includes(event)) return null;
      const apply = () =>
        journal.applyWithdrawalEvent(withdrawalId, event as WithdrawalEvent, payload, profileId);
      let result = await apply();
      if (!result.applied && result.reason === 'no-entry') {
        const entry = await matchWithdrawalWithoutId(journal, profileId, payload);
        if (!entry) return null;
        const why = `A verified ${event} webhook for withdrawal ${withdrawalId} matches this request (coin, network, address and amount).`;
        if (entry.state === 'accepted') await journal.attachWithdrawalId(entry.id, withdrawalId, why);
        else
          await journal.resolve(entry.id, {
            by: 'evidence',
            performed: true,
            reason: why,
            evidence: { kind: 'webhook', event },
            externalIds: { withdrawalId },
          });
        result = await apply();
      }
      await valued(result, event, payload);
      return result.applied || result.reason === 'duplicate' ? String(result.entryId) : null;
    },
    async applyInvoiceEvent(profileId, ref, event, payload) {
      if (!(INVOICE_EVENTS as readonly string[]).includes(event)) return null;
      const invoiceRef = {
        profileId,
        ...(ref.id ? { invoiceId: ref.id } : {}),
        ...(ref.code ? { invoiceCode: ref.code } : {}),
        ...(ref.orderId ? { orderId: ref.orderId } : {}),
      };
      let result = await journal.applyInvoiceEvent(invoiceRef, event as InvoiceEvent, payload);
      // A verified event about this order proves the invoice whose answer we lost was created.
      if (!result.applied && result.reason === 'entry-unknown' && result.entryId !== undefined) {
        await journal.resolve(result.entryId, {
          by: 'evidence',
          performed: true,
          reason: `A verified ${event} webhook for order ${ref.orderId ?? ref.code ?? ref.id} shows the invoice exists.`,
          evidence: { kind: 'webhook', event },
          externalIds: {
            ...(ref.id ? { invoiceId: ref.id } : {}),
            ...(ref.code ? { invoiceCode: ref.code } : {}),
          },
        });
        result = await journal.applyInvoiceEvent(invoiceRef, event as InvoiceEvent, payload);
      }
      await valued(result, event, payload);
      return result.applied || result.reason === 'duplicate' ? String(result.entryId) : null;
    },
  };
}
