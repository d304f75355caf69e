import type { TeamAccess } from '@contract';
import { AppError } from '@shared/errors';
import { TEAM_REFUSAL } from '@shared/plain-error';
import {
  extraRoleConfirmation,
  groupMemberConfirmation,
  treasuryDeskConfirmation,
} from '../confirm/policy-requests';
import { requireConfirmation, type Confirmer } from '../confirm/confirmer';
import type { Disposer } from '../lifecycle';
import { handleAll, type ChannelRegistry } from './channels';
import { inTeamWords as inWords, teamSessionOf } from './team-refusals';
import { teamAdmin } from './team-admin';
import type { TeamSession } from './team-session';

const TEAM_ONLY = 'Treasury desks and groups belong to a team: join one in Settings → Team first.';
const ADMINS_ONLY = 'Only an admin of the team names treasury desks and group members; ask one of them.';

/**
 * `team:access`, `team:set-treasury-desk`, `team:set-group-member` (issue 28 item 4): which desks may
 * hold the API key, and the named groups the policy's rules match on; `team:grant-role` (item 1): the
 * approver and auditor roles beside a person's level. Everyone on the team reads them; an admin changes
 * them after main's confirmation (md.set_treasury_desk, md.set_group_member, md.grant_person_role are
 * an admin's alone: the ledger refuses anyone else whatever is sent).
 */
export function registerTeamAccess(
  router: ChannelRegistry,
  deps: { session: () => TeamSession | null; confirm: Confirmer },
): Disposer {
  const team = teamSessionOf(deps.session, TEAM_ONLY);
  const adminOnly = (session: TeamSession) => {
    // Spares a non-admin a confirmation the ledger would refuse anyway.
    if (session.role !== null && session.role !== 'admin')
      throw new AppError('auth', ADMINS_ONLY, TEAM_REFUSAL);
  };
  const access = (session: TeamSession): Promise<TeamAccess> =>
    inWords(async () => {
      const [desks, members] = await Promise.all([
        session.pool.query<{ id: string }>(
          'SELECT desk_id::text AS id FROM md.treasury_desks ORDER BY named_at',
        ),
        session.pool.query<{ name: string; members: string[] | null }>(
          `SELECT g.name, array_remove(array_agg(m.person ORDER BY m.person), NULL) AS members
             FROM md.team_groups g LEFT JOIN md.group_members m ON m.group_name = g.name
            GROUP BY g.name ORDER BY g.name`,
        ),
      ]);
      return {
        treasuryDesks: desks.map((d) => d.id),
        groups: members.map((g) => ({ name: g.name, members: g.members ?? [] })),
      };
    });
  return handleAll(router, {
    'team:access': () => access(team()),
    'team:set-treasury-desk': async ({ deskId, holdsKey }) => {
      const session = team();
      adminOnly(session);
      const desk = (await teamAdmin(session.pool, session.membership.deskId).desks()).desks.find(
        (d) => d.id === deskId,
      );
      if (!desk || desk.state !== 'active')
        throw new AppError(
          'journal-not-found',
          'The team has no active desk with that id; refresh the list.',
        );
      const before = await access(session);
      if (before.treasuryDesks.includes(deskId) === holdsKey) return before;
      const others = before.treasuryDesks.filter((id) => id !== deskId).length;
      await requireConfirmation(deps.confirm, treasuryDeskConfirmation(desk, holdsKey, others));
      await inWords(() => session.approvals.setTreasuryDesk(deskId, holdsKey));
      return access(session);
    },
    'team:set-group-member': async ({ group, person, member }) => {
      const session = team();
      adminOnly(session);
      await requireConfirmation(deps.confirm, groupMemberConfirmation(group, person, member));
      await inWords(() => session.approvals.setGroupMember(group, person, member));
      return access(session);
    },
    // Approver and auditor beside a person's level (md.grant_person_role: an admin's alone).
    'team:grant-role': async ({ person, role, holds }) => {
      const session = team();
      adminOnly(session);
      const admin = teamAdmin(session.pool, session.membership.deskId);
      const now = (await admin.people()).people.find((p) => p.person === person);
      if (!now)
        throw new AppError('journal-not-found', `${person} is not on the team; refresh the list of people.`);
      if ((now.also ?? []).includes(role) === holds) return admin.people();
      await requireConfirmation(deps.confirm, extraRoleConfirmation(person, role, holds));
      await inWords(() =>
        session.pool.query('SELECT md.grant_person_role($1, $2, $3)', [person, role, holds]),
      );
      return admin.people();
    },
  });
}
