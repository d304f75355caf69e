import { AppError, type ErrorKind } from '@shared/errors';
import type { z } from 'zod';
import { describeFieldErrors, zodFieldErrors } from '@shared/field-errors';

export type JournalErrorKind = Extract<ErrorKind, `journal-${string}` | 'duplicate-withdrawal'>;

/** The reason as the journal's own code names it; the kind it travels as is the closed list's. */
export type JournalFailure =
  | 'invalid'
  | 'not-found'
  | 'illegal-transition'
  | 'duplicate-withdrawal'
  | 'conflict'
  | 'locked'
  | 'newer-schema'
  | 'not-recorded';

const KINDS: Record<JournalFailure, JournalErrorKind> = {
  invalid: 'journal-invalid',
  'not-found': 'journal-not-found',
  'illegal-transition': 'journal-illegal-transition',
  'duplicate-withdrawal': 'duplicate-withdrawal',
  conflict: 'journal-conflict',
  locked: 'journal-locked',
  'newer-schema': 'journal-newer-schema',
  'not-recorded': 'journal-write-failed',
};

export class JournalError extends AppError {
  declare readonly kind: JournalErrorKind;

  constructor(failure: JournalFailure, message: string) {
    super(KINDS[failure], message);
    this.name = 'JournalError';
  }
}

export interface DuplicateMatch {
  id: number;
  state: string;
  settlement: string | null;
  createdAt: string;
  /** On a team's ledger: the desk that holds it (claimed it, or made it), the login, and when. */
  desk?: string;
  person?: string;
  claimedAt?: string;
}

/** "2026-11-26 10:42 UTC": a time read the same on every desk of a team, whatever its zone. */
const utcMinute = (iso: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(iso) ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : iso;

/** Who holds each match, when the team's server said (a desk alone has nobody else to name). */
function holders(matches: readonly DuplicateMatch[]): string {
  return matches
    .filter((m) => m.desk)
    .map(
      (m) =>
        `An identical withdrawal is already on its way from desk ‘${m.desk}’ (claimed ${utcMinute(m.claimedAt ?? m.createdAt)}${m.person ? ` by ${m.person}` : ''}; journal entry #${m.id}, ${m.state}). `,
    )
    .join('');
}

/** A withdrawal like this one is still in flight or unknown; sending again needs override: { reason }. */
export class DuplicateWithdrawalError extends JournalError {
  constructor(readonly matches: DuplicateMatch[]) {
    const ids = matches
      .map((m) => `#${m.id} (${m.state}${m.settlement ? `, ${m.settlement}` : ''})`)
      .join(', ');
    super(
      'duplicate-withdrawal',
      holders(matches) +
        `A withdrawal of the same amount of the same coin on the same network to the same address is not finished: ${ids}. ` +
        'Check it first; to send another one anyway, confirm with a reason.',
    );
    this.name = 'DuplicateWithdrawalError';
  }
}

export class IllegalTransitionError extends JournalError {
  constructor(
    readonly entryId: number,
    readonly from: string,
    readonly action: string,
  ) {
    super('illegal-transition', `Journal entry #${entryId} is ${from}; it cannot be ${action}.`);
    this.name = 'IllegalTransitionError';
  }
}

/** SQLite's and the system's words for "the disk is full or failing": a write may work later. */
export function isStorageFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(SQLITE_FULL|SQLITE_IOERR|ENOSPC|EIO|EDQUOT)/.test(code);
}

/**
 * The answer could not be written because the disk is full or failing. Nothing about the answer is
 * wrong: the caller keeps it and settles it again when the disk allows.
 */
export class NotRecordedError extends JournalError {
  constructor(
    readonly entryId: number,
    failure: unknown,
  ) {
    const code = String((failure as { code?: unknown } | null)?.code ?? '');
    super(
      'not-recorded',
      /FULL|ENOSPC|EDQUOT/.test(code)
        ? 'the disk is full — free some space; the desk will record it as soon as it can'
        : 'the disk could not be written — check the drive; the desk will record it as soon as it can',
    );
    this.name = 'NotRecordedError';
    this.cause = failure;
  }
}

/** A journal input that failed its schema, with every field's problem in words. */
export function invalidInput(error: z.ZodError): JournalError {
  return new JournalError('invalid', describeFieldErrors(zodFieldErrors(error)));
}
