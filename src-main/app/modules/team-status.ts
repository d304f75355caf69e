import type { TeamStatus } from '@contract';
import type { TeamMembership } from '../../team/team-file';
import { refusedWrites } from '../may-prepare';
import type { TeamSession } from './team-session';

const ALONE = 'This desk records money in its own journal on this computer.';

/** Team mode's state for the top bar and Settings, in a sentence a person can act on. */
export function teamStatusOf(
  membership: TeamMembership | null,
  session: TeamSession | null,
  broken: string | null,
): TeamStatus {
  const base = {
    joined: membership !== null || broken !== null,
    server: membership
      ? `${membership.connection.host}:${membership.connection.port}/${membership.connection.database}`
      : null,
    person: membership?.connection.user ?? null,
    role: session?.role ?? null,
    desk: membership?.deskName ?? null,
    asOf: null as string | null,
    refused: refusedWrites(session?.role ?? null),
  };
  if (broken) return { ...base, connection: 'offline', words: broken };
  if (!membership || !session) return { ...base, connection: 'none', words: ALONE };
  const { sync } = session;
  if (session.problem) return { ...base, connection: 'offline', words: session.problem };
  switch (sync.state) {
    case 'connecting':
      return { ...base, connection: 'connecting', words: 'Connecting to the team’s ledger…' };
    case 'offline':
      return { ...base, connection: 'offline', asOf: sync.asOf, words: sync.words };
    case 'rewritten':
      return { ...base, connection: 'rewritten', words: sync.words };
    case 'live':
      if (session.mode === 'read-only')
        return {
          ...base,
          connection: 'read-only',
          asOf: sync.asOf,
          words: 'The team’s ledger is newer than this app: update Merchant Desk to record money again.',
        };
      if (session.mode === null)
        return { ...base, connection: 'connecting', asOf: sync.asOf, words: 'Opening the team’s ledger…' };
      return {
        ...base,
        connection: 'online',
        asOf: sync.asOf,
        words: `Recording in the team’s ledger as desk “${membership.deskName}”.`,
      };
  }
}
