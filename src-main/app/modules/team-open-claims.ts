import { AppError } from '@shared/errors';
import { JournalError } from '../../storage/port/errors';
import type { TeamSession } from './team-session';

interface OpenClaim {
  id: string;
  state: string;
  claimed_at: string | null;
}

/** "#12 (sending, claimed 2026-11-26T10:42:00.000Z)" */
const describe = (c: OpenClaim) => `#${c.id} (${c.state}${c.claimed_at ? `, claimed ${c.claimed_at}` : ''})`;

/**
 * Leaving is refused while this desk holds a withdrawal whose outcome is not known: only the claiming
 * desk may record its answer (M0006), so a desk that left could never settle it, and an answer still
 * held on this desk (its side file) would never reach the ledger. A revoked desk may leave: the server
 * refuses it everything already, and its claims stay shown to every desk as unknown.
 */
export async function refuseLeavingWithOpenClaims(session: TeamSession | null): Promise<void> {
  if (!session) return;
  const held = session.pending.held().length;
  if (held > 0)
    throw new AppError(
      'journal-conflict',
      `This desk still holds ${held} answer(s) from the service that the team’s server has not recorded yet. Leave the team once the server is back and they are recorded (the top bar says when).`,
    );
  let claims: OpenClaim[];
  try {
    claims = await session.pool.query<OpenClaim>(
      `SELECT id::text, state, claimed_at FROM md.entries
        WHERE claimed_by = $1 AND state IN ('sending', 'unknown') ORDER BY id`,
      [session.membership.deskId],
    );
  } catch (error) {
    if (error instanceof JournalError && error.kind === 'journal-locked') return;
    throw new AppError(
      'unavailable',
      'The team’s server cannot be reached, so this desk cannot check whether it still holds a withdrawal whose outcome is unknown. Leave the team once the server is back.',
    );
  }
  if (claims.length > 0)
    throw new AppError(
      'journal-conflict',
      `This desk holds ${claims.length === 1 ? 'a withdrawal' : `${claims.length} withdrawals`} whose outcome is not known yet: ${claims.map(describe).join(', ')}. Only this desk can record the answer: resolve ${claims.length === 1 ? 'it' : 'them'} in the Journal (or wait for the webhook), then leave the team.`,
    );
}
