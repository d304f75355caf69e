import type { ApprovalQueueItem } from '@contract';
import { isApprover, readApprovalQueue, waitingFor } from '../approvals-queue';
import type { Emit } from '../events';
import type { TeamSession } from './team-session';

/**
 * Tells the window when the live sync saw a withdrawal's approval change (submitted, approved,
 * rejected, revised, on any desk), so the Approvals screen can offer a refresh instead of moving
 * rows under the person (UX rule 10). Changes seen together are checked in one query. A withdrawal
 * among them that now waits for this person's approval (never one they prepared) is told once per
 * revision through `notify` (issue 28 item 3).
 */
export function watchApprovals(deps: {
  session: () => TeamSession | null;
  emit: Emit<'approvals:changed'>;
  logLine(line: string): void;
  notify?: (item: ApprovalQueueItem) => void;
}): (entryId: number) => void {
  const pending = new Set<number>();
  /** `id:revision` of what was told already: a change of the same revision is not news again. */
  const told = new Set<string>();
  let scheduled = false;

  async function tell(session: TeamSession, ids: number[]) {
    const person = session.membership.connection.user;
    const [items, canApprove] = await Promise.all([
      readApprovalQueue(session.approvals, session.pool, person),
      isApprover(session.pool),
    ]);
    for (const item of waitingFor(items, person, canApprove)) {
      const key = `${item.id}:${item.revision}`;
      if (!ids.includes(Number(item.id)) || told.has(key)) continue;
      told.add(key);
      deps.notify?.(item);
    }
  }

  async function check(ids: number[]) {
    const session = deps.session();
    if (!session) return;
    try {
      const rows = await session.pool.query<{ touched: number }>(
        'SELECT count(*)::int AS touched FROM md.approval_intents WHERE entry_id = ANY($1::bigint[])',
        [ids.map(String)],
      );
      if ((rows[0]?.touched ?? 0) === 0) return;
      deps.emit('approvals:changed', {});
      if (deps.notify) await tell(session, ids);
    } catch (error) {
      deps.logLine(`approvals: reading what changed failed: ${String(error)}`);
    }
  }

  return (entryId) => {
    pending.add(entryId);
    if (scheduled) return;
    scheduled = true;
    // The live sync reports a page of changes id by id: gather them, then ask once.
    setTimeout(() => {
      scheduled = false;
      const ids = [...pending];
      pending.clear();
      void check(ids);
    }, 0);
  };
}
