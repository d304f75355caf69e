import type { ApprovalQueueItem } from '@contract';

/**
 * "Approval needed · LIVE": "Withdrawal #41: 1250.50 USDT · TRON (TRC-20), prepared by anna, waits for
 * your approval." Amount with its unit and network (UX rule 1), the environment in the title (UX rule 2).
 */
export function describeApprovalWaiting(
  item: Pick<ApprovalQueueItem, 'id' | 'amount' | 'coin' | 'network' | 'environment' | 'preparedBy'>,
  networkName: (coin: string, network: string) => string | null = () => null,
): { title: string; body: string } {
  const network = networkName(item.coin, item.network) ?? item.network.toUpperCase();
  return {
    title: `Approval needed · ${item.environment === 'live' ? 'LIVE' : 'SANDBOX'}`,
    body: `Withdrawal #${item.id}: ${item.amount} ${item.coin.toUpperCase()} · ${network}, prepared by ${item.preparedBy.join(', ')}, waits for your approval.`,
  };
}
