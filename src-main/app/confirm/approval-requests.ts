import type { ApprovalQueueItem } from '@contract';
import { addressEnds } from '@shared/domain/address';
import type { ConfirmRequest } from './confirmer';
import { groupedAddress } from './requests';

/** The withdrawal as main read it from the team's ledger (never the page's words for it). */
function withdrawalLines(item: ApprovalQueueItem): string[] {
  const ends = addressEnds(item.address);
  const usd = item.usd === null ? '' : ` (about ${item.usd} USD at the rate recorded when submitted)`;
  return [
    `Withdrawal #${item.id}, revision ${item.revision}`,
    item.environment === 'live'
      ? `LIVE · real money · profile ${item.profileId}`
      : `SANDBOX · profile ${item.profileId}`,
    `Amount: ${item.amount} ${item.coin.toUpperCase()} on ${item.network.toUpperCase()}${usd}`,
    `To: ${groupedAddress(item.address)}`,
    `Check both ends: it starts ${ends.start} and ends ${ends.end}`,
    `Address book: ${item.addressName ?? 'new address (not in the team’s address book)'}`,
    `Prepared by ${item.preparedBy.join(', ')} at ${item.preparedAt}`,
    `Approvals so far: ${item.counted} of ${item.required}${
      item.approvals.length ? ` (${item.approvals.map((a) => `${a.person} at ${a.desk}`).join(', ')})` : ''
    }`,
  ];
}

/** Approving: recorded under this person's name, for this revision only. */
export function approveConfirmation(item: ApprovalQueueItem): ConfirmRequest {
  return {
    title: `Approve withdrawal #${item.id}?`,
    lines: [
      ...withdrawalLines(item),
      'Your approval is recorded in the team’s ledger under your name and this desk. It counts for this revision only: if the amount or the address changes, every approval is cleared.',
    ],
    confirmLabel: 'Approve',
    // Live money: who is at the desk is checked too, after the dialog (confirmer.ts).
    ...(item.environment === 'live' ? { userCheck: 'approve a live withdrawal' } : {}),
  };
}

/** Rejecting: the reason is what the person who prepared it will read. */
export function rejectConfirmation(item: ApprovalQueueItem, reason: string): ConfirmRequest {
  return {
    title: `Reject withdrawal #${item.id}?`,
    lines: [
      ...withdrawalLines(item),
      `Reason, as the team will see it: ${reason}`,
      ...(item.sendable
        ? ['It is approved and waits for a treasury desk: rejecting it now stops it before it is sent.']
        : []),
      'A rejected withdrawal is never sent; preparing it again starts a new approval.',
    ],
    confirmLabel: 'Reject',
  };
}
