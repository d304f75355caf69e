import type { InvokeChannel, TeamRole, TeamStatus, TeamWrite } from '@contract';
import { AppError } from '@shared/errors';
import { TEAM_REFUSAL } from '@shared/plain-error';
import type { IpcRouter } from '../ipc/router';

// Issue 28 item 1: who may write from a screen on a team, decided here once. The screens show this
// answer (TeamStatus.refused, withdrawals:path) and main refuses the call itself before anything is
// recorded (gateTeamChannels); the ledger's grants refuse it again whatever a desk sends.

/** What each write is, in the words of who may make it. */
const WHO_CAN: Record<TeamWrite, string> = {
  invoices: 'an operator or admin creates invoices and card checkouts',
  wallets: 'an operator or admin creates deposit wallets',
  withdrawals: 'an operator or admin prepares withdrawals',
  reconcile: 'an operator or admin starts, reviews and closes reconciliations',
  webhooks: 'an operator or admin imports webhook deliveries',
  journal: 'an operator or admin settles an entry whose outcome is unknown',
};
const WRITES = Object.keys(WHO_CAN) as TeamWrite[];

/**
 * Why this person may not make this write on the team's ledger, or null when they may. The level
 * `viewer` is also what an approver or auditor holding no operator or admin role reads as
 * (md.team_people); none of them prepares anything. A role not known yet (null) is left to the ledger.
 */
export function mayPrepare(role: TeamRole | null, write: TeamWrite): string | null {
  if (role !== 'viewer') return null;
  return `Viewers (and approvers or auditors without the operator role) read the team’s ledger here; ${WHO_CAN[write]}. Ask a team admin for the operator role if you need it.`;
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
function requireMayPrepare(session: { role: TeamRole | null } | null, write: TeamWrite): void {
  const words = session ? mayPrepare(session.role, write) : null;
  if (words) throw new AppError('auth', words, TEAM_REFUSAL);
}

/** The channels that write to the team's ledger from a screen, and which write each is. */
const GATED: Partial<Record<InvokeChannel, TeamWrite>> = {
  'invoices:create': 'invoices',
  'invoices:card-order': 'invoices',
  'journal:check-invoice': 'invoices',
  'wallets:create': 'wallets',
  'withdrawals:create': 'withdrawals',
  'approvals:submit': 'withdrawals',
  'reconcile:start': 'reconcile',
  'reconcile:snapshot': 'reconcile',
  'reconcile:review': 'reconcile',
  'reconcile:close': 'reconcile',
  'webhooks:import': 'webhooks',
  'journal:resolve': 'journal',
  'journal:resolve-many': 'journal',
  'journal:resolve-evidence': 'journal',
};

/**
 * Main's door on a team: a call to a channel that writes (GATED) is refused in `mayPrepare`'s words,
 * after its payload is checked and before its handler runs, so nothing is asked, read or recorded for
 * a write the person's role may not make. On a desk alone (no session) every call goes through.
 */
export function gateTeamChannels(
  router: IpcRouter,
  session: () => { role: TeamRole | null } | null,
): IpcRouter {
  return {
    ...router,
    handle(channel, handler) {
      const write = GATED[channel];
      if (!write) return router.handle(channel, handler);
      return router.handle(channel, async (request) => {
        requireMayPrepare(session(), write);
        return handler(request);
      });
    },
  };
}
