import { addressEnds } from '@shared/domain/address';
import type { WithdrawalBody } from '@shared/domain/operations';
import type { WithdrawalFees } from '../withdrawal-fees';
import type { ConfirmRequest } from './confirmer';

/** The whole address in groups of four, so a person can compare it piece by piece; nothing is cut. */
export function groupedAddress(address: string): string {
  return address.match(/.{1,4}/gu)?.join(' ') ?? address;
}

interface WithdrawalContext {
  profileName: string;
  /** Where the key signs to; shown so a re-pointed profile cannot hide behind a familiar name. */
  baseUrl: string;
  merchantId: string;
  /** The network's display name when the catalog knows it ("TRON (TRC-20)"). */
  networkName: string | null;
  /** The service's fee figures for the pair, when known; otherwise the generic sentence is shown. */
  fees?: WithdrawalFees | null;
  /** The address book's name for this address; null: not in the book (flagged). */
  bookName?: string | null;
}

/**
 * The fee lines: amounts and who pays them when the service's figures are known. The one rule for
 * them: the send confirmation, the submit-for-approval confirmation and the approval queue say these.
 */
export function feeLines(
  body: WithdrawalBody,
  coin: string,
  fees: WithdrawalFees | null | undefined,
): string[] {
  // The fee split is the merchant's setting on the service, not part of this request.
  if (!fees)
    return [
      'Fees: the service and network fees are charged as your merchant fee settings say; the recipient may receive less than the amount when your settings make them pay.',
    ];
  const { quote } = fees;
  const percent = fees.percent
    ? ` (${fees.percent}%${fees.percentSource === 'catalog' ? ', the public catalog’s rate' : ''})`
    : '';
  const unknown = quote.unknownParts.length
    ? ` The ${quote.unknownParts.join(' and ')} is not known and was counted as 0: the fees may be higher.`
    : '';
  const payer =
    fees.payer === 'merchant'
      ? `Who pays: you (the merchant), on top of the amount: ${quote.debit} ${coin} leaves your balance and the recipient receives ${body.amount} ${coin}.`
      : fees.payer === 'recipient'
        ? `Who pays: the recipient, out of the amount: ${body.amount} ${coin} leaves your balance and the recipient receives ${quote.receive} ${coin}.`
        : `Who pays: your fee settings do not say; up to ${quote.debit} ${coin} may leave your balance, and the recipient receives between ${quote.receive} and ${body.amount} ${coin}.`;
  return [
    `Fees: service fee ${quote.serviceFee} ${coin}${percent}, network fee ${quote.networkFee} ${coin}, ${quote.fees} ${coin} in all.${unknown}`,
    payer,
  ];
}

/** Main's own account of a withdrawal about to be signed (and of the reason, when it overrides the duplicate guard). */
export function withdrawalConfirmation(
  body: WithdrawalBody,
  context: WithdrawalContext,
  override?: { reason: string },
): ConfirmRequest {
  const coin = body.coin.toUpperCase();
  const network = context.networkName ?? body.network.toUpperCase();
  const ends = addressEnds(body.to_address);
  return {
    title: override
      ? 'Send this withdrawal even though an identical one may already be on its way?'
      : 'Send this live withdrawal?',
    lines: [
      `Amount: ${body.amount} ${coin}`,
      `Pair: ${coin} on ${network}`,
      `To address: ${groupedAddress(body.to_address)}`,
      ...(context.bookName === undefined
        ? []
        : context.bookName === null
          ? ['New address — not in your address book. Check it against its source before you send.']
          : [`Address book: “${context.bookName}”`]),
      // Both ends, as the review asked them typed: a look-alike address often shares only one of them.
      `Check both ends: it starts ${ends.start} and ends ${ends.end}`,
      ...feeLines(body, coin, context.fees),
      `From: ${context.profileName} (merchant ${context.merchantId} at ${context.baseUrl})`,
      ...(override
        ? [
            'An identical withdrawal is still pending or its outcome is unknown: sending this one may pay twice.',
            `Your reason: ${override.reason}`,
          ]
        : []),
      'Once sent, a withdrawal cannot be called back.',
    ],
    confirmLabel: override ? 'Send anyway' : 'Send withdrawal',
  };
}

interface ProfileTarget {
  name: string;
  baseUrl: string;
  merchantId: string;
}

/** Main's own account of a live profile being pointed somewhere else: old → new for each field that moves. */
export function profileChangeConfirmation(
  before: ProfileTarget,
  after: ProfileTarget,
  keyChanges: boolean,
): ConfirmRequest {
  const lines: string[] = [];
  if (before.baseUrl !== after.baseUrl) lines.push(`Service address: ${before.baseUrl} → ${after.baseUrl}`);
  if (before.merchantId !== after.merchantId)
    lines.push(`Merchant ID: ${before.merchantId} → ${after.merchantId}`);
  if (keyChanges) lines.push('API key: replaced with the key just entered');
  lines.push('Invoices and withdrawals made with this profile will then go to this merchant and address.');
  return { title: `Change where the live profile “${before.name}” points?`, lines, confirmLabel: 'Change' };
}

/**
 * Main's own account of a new profile on a real service: its key will be sent there, and its host
 * joins the checkout pages the desk opens in the browser.
 */
export function profileCreateConfirmation(profile: ProfileTarget & { environment: string }): ConfirmRequest {
  return {
    title: `Add the ${profile.environment} profile “${profile.name}”?`,
    lines: [
      `Service address: ${profile.baseUrl}`,
      `Merchant ID: ${profile.merchantId}`,
      'Its API key will be sent only to this address, and checkout pages on this service may be opened in your browser.',
    ],
    confirmLabel: 'Add profile',
  };
}
