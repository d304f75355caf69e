import type { TeamStatus } from '@contract';
import type { Confirmer } from '../confirm/confirmer';
import type { Emit } from '../events';
import type { Disposer } from '../lifecycle';
import { handleAll, type ChannelRegistry } from './channels';
import { teamAdmin } from './team-admin';
import type { TeamLedger } from './team-ledger';

/**
 * `team:*`: team mode's status, its connection test, joining and leaving (both confirmed in main:
 * they change where money is recorded), the admin's views, and who did each step of an entry.
 * The password and the desk's token go to the keychain in main and never come back to the page.
 */
export function registerTeam(
  router: ChannelRegistry,
  deps: {
    team: TeamLedger;
    confirm: Confirmer;
    emit: Emit<'team:status'>;
    /** Entries the live sync saw change (other desks' work among them): announced to the window. */
    entryChanged(id: number): Promise<void>;
  },
): Disposer {
  const { team } = deps;
  team.setHooks({
    onApplied: (ids) => {
      for (const id of ids) void deps.entryChanged(id);
    },
    onStatus: (status: TeamStatus) => deps.emit('team:status', status),
  });
  const admin = () => {
    const session = team.requireSession();
    return teamAdmin(session.pool, session.membership.deskId);
  };
  const remove = handleAll(router, {
    'team:status': () => team.status(),
    'team:test-connection': (input) => team.test(input),
    'team:join': (input) => team.join(input, deps.confirm),
    'team:leave': () => team.leave(deps.confirm),
    'team:desks': () => admin().desks(),
    'team:revoke-desk': ({ id, reason }) => admin().revoke(id, reason),
    'team:people': () => admin().people(),
    'team:set-role': ({ person, role }) => admin().setRole(person, role),
    'team:make-code': ({ deskName, hours }) => admin().makeCode(deskName, hours),
    'team:entry-who': async ({ id }) => {
      const found = await team.session()?.provenance(Number(id));
      return {
        steps: (found?.steps ?? []).map(({ type, at, desk, person }) => ({ type, at, desk, person })),
      };
    },
  });
  return async () => {
    team.setHooks({ onApplied: () => {}, onStatus: () => {} });
    await remove();
  };
}
