import type { TeamCaFile, TeamEntryWho, TeamStatus } from '@contract';
import { readCaFile } from '../../team/ca-file';
import { approvalNotes, approvalStanding } from '../approval-timeline';
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
    emit: Emit<'team:status' | 'team:changed'>;
    /** Entries the live sync saw change (other desks' work among them): announced to the window. */
    entryChanged(id: number): Promise<void>;
    /** Main's own open-file dialog for the team's CA (the app's); null when the person cancels. */
    chooseCaFile?: () => Promise<string | null>;
  },
): Disposer {
  const { team } = deps;
  team.setHooks({
    onApplied: (ids) => {
      for (const id of ids) void deps.entryChanged(id);
    },
    onStatus: (status: TeamStatus) => deps.emit('team:status', status),
    onTeamChanged: () => deps.emit('team:changed', {}),
  });
  const admin = () => {
    const session = team.requireSession();
    return teamAdmin(session.pool, session.membership.deskId, session.role);
  };
  /** Who did each step, and which desk holds the send; nothing on a desk of no team. */
  const whoOf = async (id: number): Promise<TeamEntryWho> => {
    const session = team.session();
    const found = await session?.provenance(id);
    // The approval's steps in words (issue 28 item 4), read from the ledger like the steps themselves.
    const [notes, approval] =
      found && session
        ? await Promise.all([approvalNotes(session.pool, id), session.approvals.state(id)])
        : [new Map<number, string>(), null];
    return {
      steps: (found?.steps ?? []).map(({ seq, type, at, desk, person }) => ({
        type,
        at,
        desk,
        person,
        note: notes.get(seq) ?? null,
      })),
      claim: found?.claim ? { desk: found.claim.desk, person: found.claim.person, at: found.claim.at } : null,
      entryId: found ? String(found.entryId) : null,
      approval: approvalStanding(approval),
    };
  };
  const remove = handleAll(router, {
    'team:status': () => team.status(),
    'team:test-connection': (input) => team.test(input),
    'team:join': (input) => team.join(input, deps.confirm),
    'team:leave': () => team.leave(deps.confirm),
    'team:desks': () => admin().desks(),
    'team:revoke-desk': ({ id, reason }) => admin().revoke(id, reason, deps.confirm),
    'team:people': () => admin().people(),
    'team:set-role': ({ person, role }) => admin().setRole(person, role),
    'team:make-code': ({ deskName, hours }) => admin().makeCode(deskName, hours),
    'team:entry-who': ({ id }) => whoOf(Number(id)),
    'team:invoice-who': async ({ code }) => {
      const session = team.session();
      if (!session) return { steps: [], claim: null, entryId: null };
      const [row] = await session.pool.query<{ id: string }>(
        `SELECT id::text FROM md.entries WHERE operation = 'createInvoice' AND invoice_code = $1
           AND state <> 'intent' ORDER BY id DESC LIMIT 1`,
        [code],
      );
      return row ? whoOf(Number(row.id)) : { steps: [], claim: null, entryId: null };
    },
    'team:choose-ca': async (): Promise<TeamCaFile> => {
      if (!deps.chooseCaFile)
        return {
          pem: null,
          file: null,
          words: 'Choosing a file is not available here: paste the certificate.',
        };
      const path = await deps.chooseCaFile();
      return path === null ? { pem: null, file: null, words: 'No file was chosen.' } : readCaFile(path);
    },
  });
  return async () => {
    team.setHooks({ onApplied: () => {}, onStatus: () => {}, onTeamChanged: () => {} });
    await remove();
  };
}
