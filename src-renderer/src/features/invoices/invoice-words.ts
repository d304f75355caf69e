import type { InvoiceStanding, JournalEntry } from '@contract';
import { CARD_CHECKOUT_MINIMUM_USD } from '@shared/domain/operations';
import { isOpenInvoiceStatus } from '@shared/domain/invoice-lookup';
import type { BadgeTone } from '../../components/Badge';

/** A created invoice that nobody has paid yet, whatever the service calls it. */
const AWAITING = 'Awaiting payment';

/** An invoice status in words and its tone. Statuses are runtime-owned: an unfamiliar one is shown as sent. */
export function invoiceStatusWords(status: string | null): { text: string; tone: BadgeTone; hint: string } {
  switch (status) {
    // One name for the one state a person cares about (issue 25): open, nothing paid yet. The hint
    // still says whether the customer chose a coin.
    case 'new':
      return { text: AWAITING, tone: 'info', hint: 'Nothing paid yet; the customer has not chosen a coin.' };
    case 'waiting':
      return { text: AWAITING, tone: 'info', hint: 'The customer chose a coin; nothing has arrived yet.' };
    case 'partial':
      return {
        text: 'Partly paid',
        tone: 'warn',
        hint: 'Some money arrived, not all. Not complete: the order stays awaiting full payment.',
      };
    case 'paid':
      return { text: 'Paid', tone: 'good', hint: 'Paid in full.' };
    case 'expired':
      return {
        text: 'Expired',
        tone: 'neutral',
        hint: 'Ran out of time before it was paid in full; it cannot be paid now.',
      };
    case 'aml_rejected':
      return {
        text: 'Rejected by AML check',
        tone: 'bad',
        hint: 'The deposit was blocked by the anti-money-laundering check.',
      };
    case null:
      return { text: 'Status not known', tone: 'neutral', hint: 'No lookup or webhook has said yet.' };
    default:
      return {
        text: `Status “${status}”`,
        tone: 'neutral',
        hint: 'A status Merchant Desk does not know; shown as the service sent it.',
      };
  }
}

/** Is the invoice still payable (new, waiting or partial)? The rule is the domain's (the Overview counts by it). */
export const isOpenStatus = isOpenInvoiceStatus;

/** A creation's journal state, for a row with no invoice status yet. */
export function entryStateWords(state: JournalEntry['state']): { text: string; tone: BadgeTone } {
  switch (state) {
    // Created and not read since: as far as the desk knows, awaiting payment (never green like Paid).
    case 'accepted':
      return { text: AWAITING, tone: 'info' };
    case 'rejected':
      return { text: 'Not created', tone: 'bad' };
    case 'unknown':
      return { text: 'Unknown: may or may not exist', tone: 'unknown' };
    case 'sending':
      return { text: 'Sending…', tone: 'info' };
    case 'resolved-performed':
      return { text: AWAITING, tone: 'info' };
    case 'resolved-not-performed':
      return { text: 'Not created (checked)', tone: 'bad' };
  }
}

/**
 * Why the service would not start a card checkout, by failure_code. The spec does not list the codes;
 * these are the ones known to the desk, and any other is shown with the service's own words.
 */
const FAILURE_WORDS: Record<string, string> = {
  card_payments_disabled:
    'Card payments were not allowed when this invoice was created. Create a new invoice with card payments on.',
  invoice_not_payable:
    'The invoice can no longer be paid (it is paid, expired or rejected), so no card checkout can start.',
  amount_below_minimum: `Card checkout needs at least ${CARD_CHECKOUT_MINIMUM_USD} USD still due on the invoice. The customer can pay the rest in crypto.`,
  provider_unavailable:
    'The card provider is not available right now. Try again later, or let the customer pay in crypto.',
  provider_error:
    'The card provider could not create a usable checkout. Try again in a few minutes; nothing was charged.',
};

export function failureCodeWords(code: string | undefined, serviceMessage: string): string {
  if (code && FAILURE_WORDS[code]) return FAILURE_WORDS[code];
  return code
    ? `The service refused the card checkout (code “${code}”): ${serviceMessage}`
    : `The service refused the card checkout: ${serviceMessage}`;
}

/** A card order's local_status in words; the list is runtime-owned and cut off in the spec. */
const LOCAL_STATUS_WORDS: Record<string, string> = {
  created: 'Created: waiting for the customer to open the card page',
  redirect_pending: 'Waiting for the customer on the card page',
  provider_pending: 'The card provider is processing the payment',
  payout_tx_pending: 'Card paid; waiting for the provider’s payout to the invoice',
  payout_seen: 'The provider’s payout was seen; waiting for confirmation',
  paid: 'Paid by card',
  failed: 'The card payment failed',
  expired: 'The card checkout expired before it was paid',
  blocked_missing_payout_tx_hash: 'Blocked: the provider gave no payout transaction',
  payout_timeout: 'The provider’s payout did not arrive in time',
  wrong_destination: 'The provider paid to a wrong address',
  wrong_network: 'The provider paid on a wrong network',
  wrong_asset: 'The provider paid in a wrong coin',
  amount_mismatch: 'The provider paid a different amount than due',
  duplicate_payout: 'The provider paid twice',
};

export function localStatusWords(status: string | null): string {
  if (!status) return 'Status not given';
  return LOCAL_STATUS_WORDS[status] ?? `Status “${status}”`;
}

/** The status filter's choices, in the list's own words (the journal's last word on each invoice). */
export const STANDING_WORDS: Record<InvoiceStanding, string> = {
  open: `${AWAITING} or partly paid`,
  paid: 'Paid',
  expired: 'Expired',
  'aml-rejected': 'Rejected by AML check',
  unknown: 'Unknown: may or may not exist',
  'not-created': 'Not created',
};
