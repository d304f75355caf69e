import type { ApprovalQueueItem } from '@contract';
import { feeLines } from './confirm/requests';
import type { ProfileScope } from './profile-scope';
import { withdrawalFees } from './withdrawal-fees';

/**
 * Each queued withdrawal's fees and who pays them, in the words of main's withdrawal review (the one
 * rule, requests.ts). The figures are the active profile's (its fee settings, its catalog): a
 * withdrawal recorded for another profile gets the review's general sentence rather than a guess.
 */
export async function withFeeLines(
  scope: Pick<ProfileScope, 'profile' | 'read' | 'rates'>,
  items: ApprovalQueueItem[],
): Promise<ApprovalQueueItem[]> {
  return Promise.all(
    items.map(async (item) => {
      const body = { coin: item.coin, network: item.network, amount: item.amount, to_address: item.address };
      const fees =
        item.profileId === scope.profile.id ? await withdrawalFees(scope, body).catch(() => null) : null;
      return { ...item, feeLines: feeLines(body, item.coin.toUpperCase(), fees) };
    }),
  );
}
