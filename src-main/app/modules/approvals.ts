import type { ApprovalQueue, ApprovalQueueItem, AuditExportResult } from '@contract';
import { AppError } from '@shared/errors';
import { TEAM_REFUSAL } from '@shared/plain-error';
import { withFeeLines } from '../approval-fees';
import { submitForApproval, withdrawalPath, type SubmitScope } from '../approval-submit';
import { isApprover, mayReadAuditTrail, readApprovalQueue, waitingFor } from '../approvals-queue';
import { readApprovedToSend } from '../approved-to-send';
import { approveConfirmation, rejectConfirmation } from '../confirm/approval-requests';
import { requireConfirmation, type Confirmer } from '../confirm/confirmer';
import type { Disposer } from '../lifecycle';
import { writeFileAtomic } from '../../services/atomic-file';
import type { WithdrawalGuard } from '../../services/withdrawal-guard';
import { exportAuditCsv } from '../../storage/pg/approvals-audit';
import { handleAll, type ChannelRegistry } from './channels';
import { inTeamWords as inWords, teamSessionOf } from './team-refusals';
import type { TeamSession } from './team-session';

export const TEAM_ONLY =
  'Approvals are for a team’s ledger: this desk records its money alone. Join a team in Settings → Team to prepare and approve withdrawals with others.';

export interface ApprovalsModuleDeps {
  /** The team's session, or null on a desk alone (SQLite). */
  session: () => TeamSession | null;
  confirm: Confirmer;
  /** Where the auditor's trail is saved: the person's choice (main's save dialog); null: cancelled. */
  chooseExportPath: (suggestedName: string) => Promise<string | null>;
  /** The active profile (a prepared withdrawal is recorded for it), its rates and its service reads (fees). */
  scope: () => SubmitScope;
  /** This desk's own withdrawal rules (Settings), which hold for a submitted withdrawal as for a sent one. */
  guard: Pick<WithdrawalGuard, 'check'>;
}

/**
 * `approvals:*` (issue 28): the queue of withdrawals waiting for a second person, approving and
 * rejecting (each confirmed in main with the withdrawal as main read it from the ledger, for the exact
 * revision the page saw), and preparing one for approval. Team mode only.
 */
export function registerApprovals(router: ChannelRegistry, deps: ApprovalsModuleDeps): Disposer {
  const team = teamSessionOf(deps.session, TEAM_ONLY);
  const queue = (session: TeamSession): Promise<ApprovalQueue> =>
    inWords(async () => {
      const person = session.membership.connection.user;
      const [items, canApprove, approved, canAudit] = await Promise.all([
        readApprovalQueue(session.approvals, session.pool, person),
        isApprover(session.pool),
        readApprovedToSend(session.approvals, session.pool, person, session.membership.deskId),
        mayReadAuditTrail(session.pool),
      ]);
      return { items: [...items, ...approved], canApprove, canAudit };
    });
  /** The queue as the screen shows it: with each withdrawal's fee lines (issue 28 item 3). */
  const shown = async (session: TeamSession): Promise<ApprovalQueue> => {
    const read = await queue(session);
    return { ...read, items: await withFeeLines(deps.scope(), read.items) };
  };
  /** The item as the ledger has it now, at the revision the person saw; refused before anything is asked. */
  const waiting = async (session: TeamSession, id: string, revision: number): Promise<ApprovalQueueItem> => {
    const item = (await queue(session)).items.find((i) => i.id === id);
    if (!item)
      throw new AppError(
        'journal-not-found',
        `Withdrawal #${id} no longer waits for approval (approved, rejected or changed elsewhere). Refresh the queue.`,
      );
    if (item.revision !== revision)
      throw new AppError(
        'journal-conflict',
        `Withdrawal #${id} was changed: it is at revision ${item.revision}, and you saw revision ${revision}. Review the new revision.`,
      );
    if (item.mine)
      throw new AppError(
        'auth',
        `You prepared or changed withdrawal #${id}; someone else must approve it.`,
        TEAM_REFUSAL,
      );
    return item;
  };
  return handleAll(router, {
    'approvals:queue': () => shown(team()),
    'approvals:approve': async ({ id, revision }) => {
      const session = team();
      const item = await waiting(session, id, revision);
      // Approved already, it waits for a treasury desk; it may still be rejected until it is sent.
      if (item.sendable)
        throw new AppError('journal-conflict', `Withdrawal #${id} is approved already. Refresh the queue.`);
      await requireConfirmation(deps.confirm, approveConfirmation(item));
      await inWords(() => session.approvals.approve(Number(id), revision));
      return shown(session);
    },
    'approvals:reject': async ({ id, revision, reason }) => {
      const session = team();
      const item = await waiting(session, id, revision);
      await requireConfirmation(deps.confirm, rejectConfirmation(item, reason));
      await inWords(() => session.approvals.reject(Number(id), revision, reason));
      return shown(session);
    },
    // The whole trail with who, when and which desk, and the chain head, read in one snapshot by a
    // function only an auditor or admin may run (the database refuses anyone else, in words here).
    'approvals:audit-export': async (): Promise<AuditExportResult> => {
      const session = team();
      const csv = await inWords(() => exportAuditCsv(session.pool));
      const path = await deps.chooseExportPath(
        `merchant-desk-audit-trail-${new Date().toISOString().slice(0, 10)}.csv`,
      );
      if (!path) return { path: null, actions: 0 };
      writeFileAtomic(path, csv);
      // The header and the closing chain-head row are not actions.
      return { path, actions: csv.trimEnd().split('\n').length - 2 };
    },
    // The Withdrawals screen's form, once the team has published a policy (approval-submit.ts).
    'approvals:submit': ({ withdrawal }) =>
      inWords(() => submitForApproval(team(), deps.scope(), deps.confirm, withdrawal, deps.guard)),
    // The count on the Approvals navigation item (and what approvals-watch.ts notifies about).
    'approvals:waiting': async () => {
      const session = deps.session();
      if (!session) return { count: 0 };
      const { items, canApprove } = await queue(session);
      return { count: waitingFor(items, session.membership.connection.user, canApprove).length };
    },
    'withdrawals:path': () => {
      const session = deps.session();
      return session ? inWords(() => withdrawalPath(session)) : withdrawalPath(null);
    },
  });
}
