import type { TeamRole, TeamStatus, TeamWrite } from '@contract';
import { AppError } from '@shared/errors';
import { TEAM_REFUSAL } from '@shared/plain-error';
import type { WriteRequest } from '../api/client';
import type { JournaledWriter } from './journaled-write';

// Issue 28 item 1: who may write from a screen on a team, decided here once. The screens show this
// answer (TeamStatus.refused, withdrawals:path) and main refuses the write itself before anything is
// recorded; the ledger's grants refuse it again whatever a desk sends.

/** What each write is, in the words of who may make it. */
const WHO_CAN: Record<TeamWrite, string> = {
  invoices: 'an operator or admin creates invoices and card checkouts',
  wallets: 'an operator or admin creates deposit wallets',
  withdrawals: 'an operator or admin prepares withdrawals',
};
const WRITES = Object.keys(WHO_CAN) as TeamWrite[];

/**
 * Why this person may not make this write on the team's ledger, or null when they may. The level
 * `viewer` is also what an approver or auditor holding no operator or admin role reads as
 * (md.team_people); none of them prepares anything. A role not known yet (null) is left to the ledger.
 */
export function mayPrepare(role: TeamRole | null, write: TeamWrite): string | null {
  if (role !== 'viewer') return null;
  return `Viewers, approvers and auditors read the team’s ledger and change nothing in it; ${WHO_CAN[write]}. Ask a team admin for the operator role if you need it.`;
}

/** Every write this role may not make, each with why: what the screens hide (TeamStatus.refused). */
export function refusedWrites(role: TeamRole | null): NonNullable<TeamStatus['refused']> {
  const refused: NonNullable<TeamStatus['refused']> = {};
  for (const write of WRITES) {
    const words = mayPrepare(role, write);
    if (words) refused[write] = words;
  }
  return refused;
}

/** Refuses, in `mayPrepare`'s words, a write this person may not make (null session: a desk alone). */
export function requireMayPrepare(session: { role: TeamRole | null } | null, write: TeamWrite): void {
  const words = session ? mayPrepare(session.role, write) : null;
  if (words) throw new AppError('auth', words, TEAM_REFUSAL);
}

const WRITE_OF: Record<WriteRequest['operation'], TeamWrite> = {
  createInvoice: 'invoices',
  createProviderCardOrder: 'invoices',
  createWalletAddress: 'wallets',
  createWithdrawal: 'withdrawals',
};

/**
 * The money path's door on a team: every write a screen makes (an invoice, a card checkout, a wallet,
 * a withdrawal, an unknown invoice's re-submission) passes here, and one this person may not make is
 * refused before the key is read or anything is recorded.
 */
export function teamGatedWriter(
  write: JournaledWriter,
  session: () => { role: TeamRole | null } | null,
): JournaledWriter {
  return async (scope, money) => {
    requireMayPrepare(session(), WRITE_OF[money.request.operation]);
    return write(scope, money);
  };
}
