import type { ApprovalQueueItem } from '@contract';
import type { DeskConnection } from '../storage/pg/desk-connection';
import type { ApprovalsStore } from '../storage/port/approvals';
import { queueItems } from './approvals-queue';

/**
 * Approved withdrawals nobody has sent yet, as the queue shows them, each saying whether this desk
 * may send it: a treasury desk may, and so may every desk while the team names none (the database
 * decides at the claim whatever this says). `deskId` is this desk's uuid on the team's ledger.
 */
export async function readApprovedToSend(
  approvals: ApprovalsStore,
  db: Pick<DeskConnection, 'query'>,
  person: string,
  deskId: string,
): Promise<ApprovalQueueItem[]> {
  const [states, treasury] = await Promise.all([approvals.approvedToSend(), approvals.treasuryDesks()]);
  const here = treasury.length === 0 || treasury.some((d) => d.id === deskId);
  const sendable = { here, treasuryDesks: treasury.map((d) => d.name) };
  return (await queueItems(states, approvals, db, person)).map((item) => ({ ...item, sendable }));
}
