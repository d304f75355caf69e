import { CARD_CHECKOUT_MINIMUM_USD } from '@shared/domain/operations';
import { compareDecimal, decimalPlaces, isDecimalString, isZero, subtractDecimal } from '@shared/money/exact';

/**
 * Business thresholds from the spec, as decimal strings: money never becomes a float. The invoice
 * and card minimums live with the shared request schema, so the renderer checks the same figures.
 */
export { CARD_CHECKOUT_MINIMUM_USD, INVOICE_MINIMUM_USD } from '@shared/domain/operations';

export type WithdrawalProblemCode =
  | 'not-decimal'
  | 'not-positive'
  | 'below-minimum'
  | 'above-maximum'
  | 'too-many-decimals'
  | 'withdraw-disabled';

export interface WithdrawalProblem {
  code: WithdrawalProblemCode;
  message: string;
}

/** The per-pair limits a withdrawal form checks (AssetPair in the IPC contract carries them). */
export interface WithdrawalLimits {
  minWithdrawal?: string | null;
  maxWithdrawal?: string | null;
  decimals?: number | null;
  withdrawEnabled?: boolean;
}

/**
 * Problems the service would refuse anyway; checking them first spares a journal row and a 422.
 * Limits that are missing or not decimal strings are skipped: the write endpoint stays the authority.
 */
export function checkWithdrawalAmount(amount: string, pair: WithdrawalLimits): WithdrawalProblem[] {
  if (!isDecimalString(amount)) {
    return [
      { code: 'not-decimal', message: 'Enter the amount as digits, optionally with a dot, e.g. 0.015.' },
    ];
  }
  const problems: WithdrawalProblem[] = [];
  if (pair.withdrawEnabled === false) {
    problems.push({
      code: 'withdraw-disabled',
      message: 'Withdrawals are currently disabled for this coin and network.',
    });
  }
  if (isZero(amount)) problems.push({ code: 'not-positive', message: 'The amount must be greater than 0.' });
  const min = pair.minWithdrawal;
  if (isDecimalString(min) && compareDecimal(amount, min) < 0) {
    problems.push({ code: 'below-minimum', message: `The minimum withdrawal is ${min}.` });
  }
  const max = pair.maxWithdrawal;
  if (isDecimalString(max) && compareDecimal(amount, max) > 0) {
    problems.push({ code: 'above-maximum', message: `The maximum withdrawal is ${max}.` });
  }
  const decimals = pair.decimals;
  if (typeof decimals === 'number' && decimalPlaces(amount) > decimals) {
    problems.push({
      code: 'too-many-decimals',
      message: `This network allows at most ${decimals} decimal places.`,
    });
  }
  return problems;
}

export interface CardCheckoutInvoice {
  allow_card_payments?: boolean;
  amount_usd: string;
  payed_usd?: string;
  status?: string;
}

const TERMINAL = new Set(['paid', 'expired', 'aml_rejected']);

/**
 * Card checkout needs allow_card_payments and at least 15.00 USD "of invoice or remaining amount".
 * We read that as: the invoice amount while nothing is paid, the remaining amount once something is
 * (a partial invoice with 2 USD left cannot start a 15 USD card order). Terminal invoices never offer it.
 */
export function isCardCheckoutOffered(invoice: CardCheckoutInvoice): boolean {
  if (invoice.allow_card_payments !== true) return false;
  if (invoice.status !== undefined && TERMINAL.has(invoice.status)) return false;
  if (!isDecimalString(invoice.amount_usd)) return false;
  const paid = isDecimalString(invoice.payed_usd) ? invoice.payed_usd : '0';
  const due = isZero(paid) ? invoice.amount_usd : subtractDecimal(invoice.amount_usd, paid);
  return compareDecimal(due.startsWith('-') ? '0' : due, CARD_CHECKOUT_MINIMUM_USD) >= 0;
}
