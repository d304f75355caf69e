import type { ApprovalQueueItem } from '@contract';
import type { Profile } from '@shared/domain/profile';
import { accountProfileId, isLinedUp } from '@shared/domain/profile-account';

export type ProfileFacts = Pick<Profile, 'id' | 'name' | 'environment' | 'merchantId'>;

const account = (p: Pick<Profile, 'environment' | 'merchantId'>) =>
  `merchant ID ${p.merchantId} (${p.environment})`;

/**
 * Why a treasury desk cannot send an approved withdrawal from its active profile, in words that say
 * what to do: switch to this desk's profile for the account it was prepared for (named when this desk
 * has it), or add that profile (it then gets the same id here as on the desk that prepared it).
 */
export function otherProfileWords(
  id: string,
  item: Pick<ApprovalQueueItem, 'profileId' | 'environment'>,
  active: ProfileFacts,
  profiles: ProfileFacts[],
): string {
  const head = `Withdrawal #${id} was prepared for another ${item.environment} profile than this desk’s active one (“${active.name}”, ${account(active)}). Nothing was sent.`;
  const here = profiles.find((p) => p.id === item.profileId);
  if (here) return `${head} Switch to “${here.name}” (${account(here)}) and send it again.`;
  // The active profile is for that very account, but was made before ids named accounts.
  const sameAccount = profiles.find(
    (p) => !isLinedUp(p) && accountProfileId(p.environment, p.merchantId) === item.profileId,
  );
  if (sameAccount)
    return `${head} This desk’s “${sameAccount.name}” is for that account (${account(sameAccount)}) but was made before profiles lined up across a team’s desks: add the profile again with the same merchant ID (it then gets the same id as on the other desks), switch to it and send again; remove the old one once nothing of it is in flight or unknown.`;
  if (item.profileId.startsWith('p-'))
    return `${head} It was prepared for a profile made before profiles lined up across a team’s desks, which only the desk that prepared it has: that desk adds its profile again (same merchant ID, so every desk has the same id), and prepares the withdrawal again from it.`;
  return `${head} This desk has no profile for that merchant account: add the ${item.environment} profile with the merchant ID the withdrawal was prepared for (the queue’s entry on the preparing desk names its profile), switch to it and send again.`;
}
