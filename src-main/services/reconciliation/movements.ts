import { isDecimalString, subtractDecimal } from '@shared/money/exact';
import type { Movement } from '../../storage/port/recon-types';

const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const lower = (v: unknown) => str(v)?.trim().toLowerCase();

/** The first field that holds a decimal string, and its name (so the report can say where it came from). */
function amountOf(record: Record<string, unknown>, names: readonly string[], prefix: string) {
  for (const name of names) {
    const value = record[name];
    if (isDecimalString(value)) return { amount: value, source: `${prefix}${name}` };
  }
  return null;
}

/**
 * One key per fact, whoever delivered it and however often: a withdrawal event by its id, an invoice
 * event by the invoice, a wallet deposit by its wallet and transaction; else the event id, else the
 * delivery's own key.
 */
export function factKey(event: string, payload: unknown, fallback: string): string {
  const body = obj(payload);
  const data = obj(body.data);
  const invoice = obj(data.invoice ?? data);
  const wd =
    str(data.withdrawal_id) ??
    (Number.isSafeInteger(data.withdrawal_id) ? String(data.withdrawal_id) : undefined);
  if (event.startsWith('withdrawal.') && wd) return `withdrawal:${wd}:${event}`;
  const inv = str(invoice.id) ?? str(invoice.code) ?? str(invoice.order_id);
  if (event.startsWith('invoice.') && inv) return `invoice:${inv}:${event}`;
  const wallet = str(data.wallet_id);
  const tx = str(data.tx_hash);
  if (wallet && tx) return `wallet:${wallet}:${tx}`;
  const eventId = str(body.event_id);
  return eventId ? `event:${eventId}` : fallback;
}

export interface VerifiedEvent {
  key: string;
  event: string;
  payload: unknown;
  receivedAt: string;
  entryId: number | null;
  /** True for a withdrawal or invoice event that matched no journal entry (parked). */
  unmatched: boolean;
}

/**
 * What a verified webhook moved, or null when it moved nothing we can name. The spec shows no payload
 * fields, so the names are those the service's reference sandbox sends; an event without a readable
 * amount yields no movement (and the difference it leaves is flagged, never guessed away).
 * - invoice.paid / invoice.expired: the amount credited to the merchant (`credited_crypto`), which an
 *   expired but partly paid invoice can carry too; aml.rejected.invoice credits nothing.
 * - wallet deposits (any event whose data names a wallet and an amount): the deposit, held or not.
 * - withdrawal.success: the amount debited from the balance (`amounts.debit`, else the requested amount).
 * - withdrawal.failed: the frozen amount released; no effect on the total.
 */
export function movementOf(fact: VerifiedEvent): Movement | null {
  const body = obj(fact.payload);
  const data = obj(body.data);
  const invoice = obj(data.invoice ?? data);
  const stated = str(data.finished_at) ?? str(body.created_at) ?? str(data.created_at);
  // Stored and compared as UTC ISO text: a time written another way is normalised, an unreadable one replaced by arrival.
  const at = stated && !Number.isNaN(Date.parse(stated)) ? new Date(stated).toISOString() : fact.receivedAt;
  const base = { key: fact.key, at, entryId: fact.entryId, outside: fact.unmatched };
  if (fact.event === 'invoice.paid' || fact.event === 'invoice.expired') {
    const coin = lower(invoice.coin);
    const network = lower(invoice.network);
    const found = amountOf(invoice, ['credited_crypto'], 'data.');
    if (!coin || !network || !found || found.amount.replace(/[0.]/g, '') === '') return null;
    return { ...base, kind: 'invoice-credit', coin, network, effect: found.amount, ...found };
  }
  if (fact.event.startsWith('withdrawal.')) {
    const coin = lower(data.coin);
    const network = lower(data.network);
    if (!coin || !network) return null;
    const amounts = obj(data.amounts);
    const found =
      amountOf(amounts, ['debit', 'requested'], 'data.amounts.') ?? amountOf(data, ['amount'], 'data.');
    if (!found) return null;
    if (fact.event === 'withdrawal.success')
      return {
        ...base,
        kind: 'withdrawal-debit',
        coin,
        network,
        effect: subtractDecimal('0', found.amount),
        ...found,
      };
    if (fact.event === 'withdrawal.failed')
      return { ...base, kind: 'withdrawal-release', coin, network, effect: '0', ...found };
    return null;
  }
  const isWallet = str(data.wallet_id) !== undefined || /wallet/i.test(fact.event);
  if (isWallet) {
    const coin = lower(data.coin);
    const network = lower(data.network);
    const found = amountOf(data, ['amount'], 'data.');
    if (!coin || !network || !found) return null;
    return { ...base, outside: false, kind: 'wallet-deposit', coin, network, effect: found.amount, ...found };
  }
  return null;
}

/** A verified delivery as it reaches reconciliation and the books (the webhook intake's words). */
export interface Delivery {
  event: string;
  payload: unknown;
  receivedAt: string;
  /** Its key when the body names no fact (the delivery's de-duplication key). */
  fallbackKey: string;
  /** The journal entry it was applied to; absent or null for none. */
  appliedTo?: string | null;
  /** Parked: about the journal, but matching no entry (yet). */
  parked?: boolean;
}

/**
 * The one reading of a delivery as a fact, its key and what it moved: reconciliation counts it and
 * the books value it, so both must see the same fact (a second delivery of it has the same key).
 */
export function movementOfDelivery(d: Delivery): Movement | null {
  const key = factKey(d.event, d.payload, d.fallbackKey);
  const entryId = d.appliedTo == null ? null : Number(d.appliedTo);
  return movementOf({ ...d, key, entryId, unmatched: d.parked === true });
}
