import { addressEnds } from '@shared/domain/address';
import type { WithdrawalBody } from '@shared/domain/operations';
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
      // Both ends, as the review asked them typed: a look-alike address often shares only one of them.
      `Check both ends: it starts ${ends.start} and ends ${ends.end}`,
      // The fee split is the merchant's setting on the service, not part of this request.
      'Fees: the service and network fees are charged as your merchant fee settings say; the recipient may receive less than the amount when your settings make them pay.',
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
