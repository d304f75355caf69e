import type { Emit } from '../events';
import type { TeamSession } from './team-session';

/**
 * Tells the window when the live sync saw a withdrawal's approval change (submitted, approved,
 * rejected, revised, on any desk), so the Approvals screen can offer a refresh instead of moving
 * rows under the person (UX rule 10). Changes seen together are checked in one query.
 */
export function watchApprovals(deps: {
  session: () => TeamSession | null;
  emit: Emit<'approvals:changed'>;
  logLine(line: string): void;
}): (entryId: number) => void {
  const pending = new Set<number>();
  let scheduled = false;

  async function check(ids: number[]) {
    const session = deps.session();
    if (!session) return;
    try {
      const rows = await session.pool.query<{ touched: number }>(
        'SELECT count(*)::int AS touched FROM md.approval_intents WHERE entry_id = ANY($1::bigint[])',
        [ids.map(String)],
      );
      if ((rows[0]?.touched ?? 0) > 0) deps.emit('approvals:changed', {});
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
