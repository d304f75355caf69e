import type { CreateInvoiceInput as CreateInvoiceRequest } from '@contract';
import { CreateInvoiceInput } from '@shared/domain/operations';
import { zodFieldErrors } from '@shared/field-errors';
import { DECIMAL_STRING, MAX_DECIMAL_LENGTH } from '@shared/money/rules';
import type { ErrorInfo } from '../../lib/ipc';
import { formatCount } from '../../lib/humanize';

/**
 * An invoice being typed in. It is checked with the very schema main checks it with (the shared
 * CreateInvoiceInput, 3 USD minimum included), so the form and the boundary can never disagree.
 */
export interface InvoiceDraft {
  orderId: string;
  amount: string;
  /** "usdt:tron", or "" to let the payer choose. */
  pairKey: string;
  /** Coin codes only; empty means every coin the service offers. */
  allowedCoins: string[];
  customerFee: boolean;
  customerNetworkFee: boolean;
  cardPayments: boolean;
  successUrl: string;
  cancelUrl: string;
}

export type DraftField =
  'orderId' | 'amount' | 'pair' | 'allowedCoins' | 'flags' | 'successUrl' | 'cancelUrl';
export type DraftErrors = Partial<Record<DraftField, string>>;

/** A field's element id: the error summary links to it, so the form and its option fields agree on it. */
export const fieldId = (field: DraftField) => `invoice-${field}`;

export const FIELD_LABELS: Record<DraftField, string> = {
  orderId: 'Order ID',
  amount: 'Amount',
  pair: 'Coin and network',
  allowedCoins: 'Coins the customer may pay with',
  flags: 'Who pays the fees and card payments',
  successUrl: 'After payment, send the customer to',
  cancelUrl: 'If the customer cancels, send them to',
};

/** The service's field names (and the schema's paths) to the form's fields. */
const BY_WIRE_NAME: Record<string, DraftField> = {
  order_id: 'orderId',
  amount: 'amount',
  coin: 'pair',
  network: 'pair',
  allowed_coins: 'allowedCoins',
  is_customer_fee: 'flags',
  is_customer_network_fee: 'flags',
  allow_card_payments: 'flags',
  success_url: 'successUrl',
  cancel_url: 'cancelUrl',
};

/**
 * "ORD-20261122-0745-7F3A": readable, sortable by date, and unlikely to collide between two desks.
 * An id sent to the service, not a date on screen: its digits never follow the Region.
 */
export function newOrderId(now = new Date(), random: () => number = Math.random): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}${pad(now.getMinutes())}`;
  const tail = Math.floor(random() * 0x10000)
    .toString(16)
    .toUpperCase()
    .padStart(4, '0');
  return `ORD-${date}-${time}-${tail}`;
}

export function emptyDraft(orderId: string): InvoiceDraft {
  return {
    orderId,
    amount: '',
    pairKey: '',
    allowedCoins: [],
    customerFee: false,
    customerNetworkFee: false,
    cardPayments: false,
    successUrl: '',
    cancelUrl: '',
  };
}

/** The request as main receives it: optional fields left out when empty, never sent as "". */
export function draftToInput(draft: InvoiceDraft): CreateInvoiceRequest {
  const [coin, network] = draft.pairKey ? draft.pairKey.split(':') : [];
  return {
    order_id: draft.orderId.trim(),
    amount: draft.amount.trim(),
    is_customer_fee: draft.customerFee,
    is_customer_network_fee: draft.customerNetworkFee,
    allow_card_payments: draft.cardPayments,
    ...(draft.successUrl.trim() ? { success_url: draft.successUrl.trim() } : {}),
    ...(draft.cancelUrl.trim() ? { cancel_url: draft.cancelUrl.trim() } : {}),
    ...(draft.allowedCoins.length > 0 ? { allowed_coins: draft.allowedCoins } : {}),
    ...(coin && network ? { coin, network } : {}),
  };
}

const sentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

/**
 * Field errors keyed by the form's fields, first message each, and the ones that name no field of
 * this form (kept, never dropped: they are shown in the summary).
 */
export function toDraftErrors(fieldErrors: Record<string, readonly string[]>): {
  fields: DraftErrors;
  other: string[];
} {
  const fields: DraftErrors = {};
  const other: string[] = [];
  for (const [path, messages] of Object.entries(fieldErrors)) {
    // "allowed_coins[0]" (ours) and "allowed_coins.0" (the service's) both name the list itself.
    const segments = path
      .replace(/\[\d+\]/g, '')
      .split('.')
      .filter((part) => !/^\d+$/.test(part));
    const name = segments.pop() ?? path;
    const field = BY_WIRE_NAME[name];
    const text = messages.map(sentence).join(' ');
    if (!text) continue;
    if (field) fields[field] ??= text;
    else other.push(`${path}: ${text}`);
  }
  return { fields, other };
}

/**
 * What is wrong with how an amount is written, in the words of the person who typed it (the schema
 * says "a decimal string"). Undefined when it is written as a number; the schema's rules (the minimum,
 * cents) still apply to it.
 */
function amountWording(raw: string): string | undefined {
  const amount = raw.trim();
  // Checked first, on the length alone: nothing slower than that ever runs on a pasted novel.
  if (amount.length > MAX_DECIMAL_LENGTH)
    return `That is too long for an amount (${formatCount(amount.length)} characters). Type the amount in US dollars, e.g. 25.00`;
  if (DECIMAL_STRING.test(amount)) return undefined;
  if (!amount) return 'Enter the amount in US dollars, e.g. 25.00';
  if (/^-/.test(amount)) return 'Enter a positive amount in US dollars, e.g. 25.00';
  if (/^\d+,\d{1,2}$/.test(amount)) return `Use a dot for decimals: ${amount.replace(',', '.')}`;
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(amount))
    return `Leave out the thousands separators: ${amount.replaceAll(',', '')}`;
  return 'Type the amount in digits, with a dot before the cents, e.g. 25.00';
}

/** Every problem at once, before anything is sent. */
export function validateDraft(draft: InvoiceDraft): DraftErrors {
  const wording = amountWording(draft.amount);
  const parsed = CreateInvoiceInput.safeParse(draftToInput(draft));
  const fields = parsed.success ? {} : toDraftErrors(zodFieldErrors(parsed.error)).fields;
  return wording ? { ...fields, amount: wording } : fields;
}

/** The amount to name on the button: only one the form would send as it is. */
export function sendableAmount(draft: InvoiceDraft): string | null {
  return validateDraft(draft).amount === undefined && draft.amount.trim() ? draft.amount.trim() : null;
}

/** The server's (or main's) field messages from a refusal, on the form's fields. */
export function serverDraftErrors(error: ErrorInfo | null | undefined) {
  return toDraftErrors(error?.fieldErrors ?? {});
}
