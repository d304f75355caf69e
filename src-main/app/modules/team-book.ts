import type { TeamBookEntry, TeamBookView } from '@contract';
import { AppError } from '@shared/errors';
import { TEAM_REFUSAL } from '@shared/plain-error';
import { isApprover } from '../approvals-queue';
import {
  approveAddressConfirmation,
  proposeAddressConfirmation,
  removeAddressConfirmation,
} from '../confirm/policy-requests';
import { requireConfirmation, type Confirmer } from '../confirm/confirmer';
import type { Disposer } from '../lifecycle';
import { handleAll, type ChannelRegistry } from './channels';
import { inTeamWords as inWords, teamSessionOf } from './team-refusals';
import type { TeamSession } from './team-session';

const TEAM_ONLY =
  'The team’s address book is for a team’s ledger: on a desk alone, use the address book in Settings.';

/**
 * `teamBook:*` (issue 28 item 5): the team's destinations with who added and who approved each.
 * Proposing, approving and removing are each confirmed in main with the entry as main read it from the
 * ledger; the ledger decides who may (md.propose_address: operators and approvers; md.approve_address:
 * an approver other than the proposer; md.remove_address: approvers and admins).
 */
export function registerTeamBook(
  router: ChannelRegistry,
  deps: { session: () => TeamSession | null; confirm: Confirmer },
): Disposer {
  const team = teamSessionOf(deps.session, TEAM_ONLY);
  const view = (session: TeamSession): Promise<TeamBookView> =>
    inWords(async () => {
      const [entries, approver] = await Promise.all([
        session.approvals.addressBook(),
        isApprover(session.pool),
      ]);
      const role = session.role;
      return {
        entries,
        person: session.membership.connection.user,
        canPropose: approver || role === 'operator' || role === 'admin',
        canApprove: approver,
        canRemove: approver || role === 'admin',
      };
    });
  const entryOf = async (session: TeamSession, id: number): Promise<TeamBookEntry> => {
    const entry = (await inWords(() => session.approvals.addressBook())).find((e) => e.id === id);
    if (!entry)
      throw new AppError(
        'journal-not-found',
        `Address-book entry #${id} is not in the team’s book (removed meanwhile?). Refresh the list.`,
      );
    return entry;
  };
  return handleAll(router, {
    'teamBook:list': () => view(team()),
    'teamBook:propose': async (input) => {
      const session = team();
      await requireConfirmation(deps.confirm, proposeAddressConfirmation(input));
      await inWords(() => session.approvals.proposeAddress(input));
      return view(session);
    },
    'teamBook:approve': async ({ id }) => {
      const session = team();
      const entry = await entryOf(session, id);
      if (entry.approvedBy !== null)
        throw new AppError(
          'journal-conflict',
          `“${entry.label}” was already approved by ${entry.approvedBy}.`,
        );
      // Said before main asks anything; the ledger refuses it too, whatever a desk sends.
      if (entry.addedBy === session.membership.connection.user)
        throw new AppError(
          'auth',
          `You proposed “${entry.label}”; another approver must approve it.`,
          TEAM_REFUSAL,
        );
      await requireConfirmation(deps.confirm, approveAddressConfirmation(entry));
      await inWords(() => session.approvals.approveAddress(id));
      return view(session);
    },
    'teamBook:remove': async ({ id, reason }) => {
      const session = team();
      const entry = await entryOf(session, id);
      await requireConfirmation(deps.confirm, removeAddressConfirmation(entry, reason));
      await inWords(() => session.approvals.removeAddress(id, reason));
      return view(session);
    },
  });
}
