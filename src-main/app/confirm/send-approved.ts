import type { ApprovalQueueItem } from '@contract';
import type { WithdrawalBody } from '@shared/domain/operations';
import type { ConfirmRequest } from './confirmer';
import { withdrawalConfirmation } from './requests';

type Context = Parameters<typeof withdrawalConfirmation>[1];

/**
 * Sending an approved withdrawal from a treasury desk: the desk's own withdrawal review, word for word
 * and field for field, with who prepared and who approved it (as main read them from the ledger).
 */
export function sendApprovedConfirmation(
  item: ApprovalQueueItem,
  body: WithdrawalBody,
  context: Context,
): ConfirmRequest {
  const own = withdrawalConfirmation(body, context);
  const approvers = item.approvals.map((a) => `${a.person} (${a.desk})`).join(', ');
  const lines = [...own.lines];
  // Before the closing "cannot be called back": who stands behind it, for this revision.
  lines.splice(
    lines.length - 1,
    0,
    `Withdrawal #${item.id}, revision ${item.revision}: prepared by ${item.preparedBy.join(', ')}; approved by ${approvers || 'the policy (no approval required)'}`,
    item.environment === 'live' ? 'LIVE · real money' : 'Test money (Sandbox), not live',
  );
  return {
    ...own,
    title: `Send approved withdrawal #${item.id}?`,
    lines,
    ...(item.environment === 'live' ? { userCheck: 'send a live withdrawal' } : {}),
  };
}
