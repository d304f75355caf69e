import { addressEnds } from '@shared/domain/address';
import type { WithdrawalBody } from '@shared/domain/operations';
import type { PolicyDecision } from '../../storage/port/approvals';
import type { WithdrawalFees } from '../withdrawal-fees';
import type { ConfirmRequest } from './confirmer';
import { feeLines, groupedAddress } from './requests';

/** What the published policy would decide, with the version it is of (md.submit_outlook). */
export type SubmitOutlook = PolicyDecision & { policyVersion: number };

/** "any approver", or "the group treasury" / "the groups treasury, cfo". */
export function approversWords(groups: readonly string[]): string {
  if (groups.length === 0) return 'approvers';
  return `${groups.length === 1 ? 'the group' : 'the groups'} ${groups.join(', ')}`;
}

/** "needs 2 approvals from approvers (rule 2, “over 10k”)": what the policy requires of this one. */
export function outlookWords(outlook: SubmitOutlook): string {
  const rule =
    outlook.rule === null
      ? `no rule of policy version ${outlook.policyVersion} matches it`
      : `rule ${outlook.rule}${outlook.name ? `, “${outlook.name}”` : ''} of policy version ${outlook.policyVersion}`;
  if (outlook.action === 'allow') return `needs no approval: it is approved at once (${rule})`;
  if (outlook.action === 'block') return `blocks it (${rule})`;
  const n = outlook.approvals;
  return `needs ${n} approval${n === 1 ? '' : 's'} from ${approversWords(outlook.groups)} (${rule})`;
}

interface SubmitContext {
  profileName: string;
  merchantId: string;
  environment: 'sandbox' | 'live';
  networkName: string | null;
  fees: WithdrawalFees | null;
  /** The team address book's name for the address; null: a new address. */
  bookName: string | null;
}

/**
 * Main's own account of a withdrawal about to be submitted for the team's approval: the same facts as
 * the send confirmation (amount, pair, the whole address, both ends, the fee lines), that nothing is
 * sent now, and what the published policy requires of it.
 */
export function submitConfirmation(
  body: WithdrawalBody,
  context: SubmitContext,
  outlook: SubmitOutlook,
): ConfirmRequest {
  const coin = body.coin.toUpperCase();
  const ends = addressEnds(body.to_address);
  return {
    title: 'Submit this withdrawal for approval?',
    lines: [
      `Amount: ${body.amount} ${coin}`,
      `Pair: ${coin} on ${context.networkName ?? body.network.toUpperCase()}`,
      `To address: ${groupedAddress(body.to_address)}`,
      context.bookName === null
        ? 'New address — not in the team’s address book.'
        : `Address book: “${context.bookName}”`,
      `Check both ends: it starts ${ends.start} and ends ${ends.end}`,
      ...feeLines(body, coin, context.fees),
      `From: ${context.profileName} (merchant ${context.merchantId}) · ${context.environment === 'live' ? 'LIVE · real money' : 'SANDBOX'}`,
      'It is not sent yet: it is recorded in the team’s ledger and waits there.',
      `The team’s policy ${outlookWords(outlook)}.`,
      'A treasury desk sends it once it is approved; changing it later clears every approval.',
    ],
    confirmLabel: 'Submit for approval',
  };
}
