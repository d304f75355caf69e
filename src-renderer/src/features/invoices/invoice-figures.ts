import type { InvoiceLookupView } from '@contract';
import { CARD_CHECKOUT_MINIMUM_USD } from '@shared/domain/operations';
import { addDecimals, compareDecimal, isDecimal, parseDecimal } from '@shared/money/display';
import { isOpenStatus } from './invoice-words';

/** A documented field of a lookup: its value, or why it could not be read (InvoiceLookupView.unreadable). */
export type FieldRead =
  | { state: 'value'; value: unknown }
  | { state: 'unreadable'; problem: string; raw: unknown }
  | { state: 'absent' };

export function fieldOf(view: InvoiceLookupView, name: string): FieldRead {
  const bad = view.unreadable.find((u) => u.field === `invoice.${name}`);
  if (bad) return { state: 'unreadable', problem: bad.problem, raw: bad.value };
  return name in view.invoice ? { state: 'value', value: view.invoice[name] } : { state: 'absent' };
}

export const textOf = (read: FieldRead): string | null =>
  read.state === 'value' && typeof read.value === 'string' && read.value.length > 0 ? read.value : null;

export const decimalOf = (read: FieldRead): string | null => {
  const value = textOf(read);
  return isDecimal(value) ? value : null;
};

/** The invoice fields this screen lays out by name; anything else the service sends is shown as "other". */
export const LAID_OUT = [
  'id',
  'code',
  'url',
  'order_id',
  'merchant_name',
  'status',
  'created_at',
  'expired_at',
  'finished_at',
  'amount_usd',
  'payed_usd',
  'payer_amount_usd',
  'full_amount_usd',
  'amount_crypto',
  'payed_crypto',
  'fee_crypto',
  'network_fee_crypto',
  'payer_amount_crypto',
  'full_crypto_amount',
  'is_customer_fee',
  'is_customer_network_fee',
  'allow_card_payments',
  'wallet_address',
  'qr_code_url',
  'coin',
  'network',
  'return_url',
  'success_url',
  'cancel_url',
  'transaction_list',
  'allowed_coins',
  'allowed_networks',
  'provider_card',
  'amount_crypto_units',
  'payed_crypto_units',
  'fee_crypto_units',
  'network_fee_crypto_units',
  'payer_amount_crypto_units',
] as const;

export interface Progress {
  paid: string;
  due: string;
  /** Whole percent of the bar, rounded down; never 100 unless the invoice is paid. */
  percent: number;
  complete: boolean;
}

/** Exact `part / whole` in tenths of a percent, rounded down (bigint, no float). */
function permille(part: string, whole: string): number | null {
  const a = parseDecimal(part);
  const b = parseDecimal(whole);
  if (!a || !b) return null;
  const scale = Math.max(a.fraction.length, b.fraction.length);
  const units = (p: NonNullable<typeof a>) => BigInt(p.integer + p.fraction.padEnd(scale, '0'));
  const den = units(b);
  if (den === 0n) return null;
  const value = (units(a) * 1000n) / den;
  return Number(value > 100_000n ? 100_000n : value);
}

/**
 * Paid against due. Complete only when the service says paid: a partial invoice whose figures
 * round to 100 % is drawn at 99 %, so the bar can never be read as done while money is missing.
 */
export function progressOf(paid: string | null, due: string | null, status: string | null): Progress | null {
  if (!paid || !due) return null;
  const tenths = permille(paid, due);
  if (tenths === null) return null;
  const complete = status === 'paid';
  const whole = Math.floor(tenths / 10);
  const percent = complete ? 100 : Math.min(whole, 99);
  return { paid, due, percent, complete };
}

/** What is still due, exact; "0" when nothing is (never negative). */
export function remaining(due: string, paid: string): string {
  const left = addDecimals([due, `-${paid}`]);
  return compareDecimal(left, '0') > 0 ? left : '0';
}

/**
 * Card checkout is offered (spec): card payments allowed, and at least the minimum due — the invoice
 * amount while nothing is paid, the remaining amount once something is. Closed invoices never offer it.
 */
export function cardCheckoutOffered(view: InvoiceLookupView): boolean {
  const allowed = fieldOf(view, 'allow_card_payments');
  if (allowed.state !== 'value' || allowed.value !== true) return false;
  const status = textOf(fieldOf(view, 'status'));
  if (status !== null && !isOpenStatus(status)) return false;
  const amount = decimalOf(fieldOf(view, 'amount_usd'));
  if (!amount) return false;
  const paid = decimalOf(fieldOf(view, 'payed_usd')) ?? '0';
  return compareDecimal(remaining(amount, paid), CARD_CHECKOUT_MINIMUM_USD) >= 0;
}
