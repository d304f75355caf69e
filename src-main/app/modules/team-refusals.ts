import { AppError } from '@shared/errors';
import { TEAM_REFUSAL } from '@shared/plain-error';
import type { TeamSession } from './team-session';

/**
 * The ledger's refusals in the words a person acts on. The database's messages already say what
 * happened (M0003: not permitted, M0007: an old revision or a state that does not wait); they get a
 * kind the page can branch on. Anything else passes on as it came.
 */
export function approvalRefusal(error: unknown): unknown {
  const { sqlState, message } = (error ?? {}) as { sqlState?: unknown; message?: unknown };
  const words = typeof message === 'string' ? message : '';
  if (sqlState === 'M0003')
    return new AppError('auth', words || 'The team’s rules do not allow you this.', TEAM_REFUSAL);
  if (sqlState === '42501')
    return new AppError('auth', 'Your role in the team does not allow this; ask an admin.', TEAM_REFUSAL);
  if (sqlState === 'M0007')
    return new AppError(
      'journal-conflict',
      `${words || 'This withdrawal changed or no longer waits for approval.'} Refresh the queue.`,
    );
  if (sqlState === 'M0009') return new AppError('journal-not-found', words);
  return error;
}

/** One call to the team's ledger, its refusals in words (approvalRefusal). */
export async function inTeamWords<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw approvalRefusal(error);
  }
}

/** The team's session for a module's channels; on a desk alone, the module's own words for why not. */
export function teamSessionOf(session: () => TeamSession | null, aloneWords: string): () => TeamSession {
  return () => {
    const open = session();
    if (!open) throw new AppError('unavailable', aloneWords);
    return open;
  };
}
