import {
  DuplicateWithdrawalError,
  JournalError,
  NotRecordedError,
  type DuplicateMatch,
  type JournalFailure,
} from '../port/errors';

/**
 * The ledger's own SQLSTATEs (class M0, raised by the functions of schema md) as the port's journal
 * failures. Desk, revocation and permission refusals travel as `locked`: this desk may not write now,
 * whatever it sends; the message says which, in words.
 */
const BY_STATE: Record<string, JournalFailure> = {
  M0001: 'locked', // desk not attached
  M0002: 'locked', // desk revoked
  M0003: 'locked', // not permitted
  M0005: 'conflict', // claim lost to another desk
  M0006: 'conflict', // not this desk's claim
  M0007: 'illegal-transition',
  M0008: 'invalid',
  M0009: 'not-found',
  M0010: 'newer-schema',
  '42501': 'locked', // insufficient privilege: the person's role does not allow it
  '22P02': 'invalid', // a value of the wrong form (a body that is not JSON)
  '23505': 'conflict', // a unique rule: a withdrawal id already on another entry
};

interface PgError {
  code?: string;
  message?: string;
  detail?: string;
  constraint?: string;
}

/** Whether the failure is the connection's, not the request's: the server was not reached or went away. */
export function isConnectionFailure(error: unknown): boolean {
  const code = (error as PgError | null)?.code;
  if (typeof code !== 'string')
    return error instanceof Error && /Connection terminated|timeout/i.test(error.message);
  // 08: connection exception; 57P0x: the server is shutting down or crashed; plus the socket's own codes.
  return (
    /^(08|57P0)/.test(code) || /^(ECONNREFUSED|ECONNRESET|ENOENT|EPIPE|ETIMEDOUT|EHOSTUNREACH)$/.test(code)
  );
}

/** The team's server could not be reached while recording an answer: it is held and recorded later. */
export class ServerUnreachableError extends NotRecordedError {
  constructor(entryId: number, failure: unknown) {
    super(entryId, failure);
    this.message =
      "the team's server cannot be reached — the desk keeps the answer and records it as soon as the server is back";
  }
}

function parseDetail<T>(detail: string | undefined): T | null {
  try {
    return detail ? (JSON.parse(detail) as T) : null;
  } catch {
    return null;
  }
}

/** A failure of the ledger's server as the port's JournalError (anything unrecognised is passed on). */
export function toJournalError(error: unknown): unknown {
  if (error instanceof JournalError) return error;
  const e = (error ?? {}) as PgError;
  if (e.code === 'M0004') {
    const matches = parseDetail<DuplicateMatch[]>(e.detail) ?? [];
    return new DuplicateWithdrawalError(matches);
  }
  if (e.code === '23505' && e.constraint === 'entries_withdrawal_id')
    return new JournalError('conflict', 'This withdrawal id is already recorded on another journal entry.');
  if (e.code === '42501')
    return Object.assign(
      new JournalError(
        'locked',
        `Your role in the team does not allow this; ask an admin (${e.message ?? ''}).`,
      ),
      { sqlState: e.code },
    );
  const failure = e.code ? BY_STATE[e.code] : undefined;
  if (failure) return Object.assign(new JournalError(failure, e.message ?? failure), { sqlState: e.code });
  if (isConnectionFailure(error))
    return new JournalError(
      'not-recorded',
      "Nothing was sent: the team's server cannot be reached. Check the connection and try again.",
    );
  return error;
}
