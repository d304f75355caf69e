import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalQueueItem } from '@contract';
import { watchApprovals } from '@main/app/modules/approvals-watch';
import type { TeamSession } from '@main/app/modules/team-session';
import type { ApprovalState } from '@main/storage/port/approvals';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const state = (entryId: number, preparedBy: string[], extra: Partial<ApprovalState> = {}): ApprovalState => ({
  entryId,
  revision: 1,
  status: 'submitted',
  preparedBy,
  policyVersion: 1,
  decision: null,
  required: 2,
  counted: 0,
  approvals: [],
  usdRate: null,
  submitted: { by: preparedBy[0]!, at: '2026-11-26T08:59:00.000Z' },
  rejected: null,
  ...extra,
});

/** A team session as bob at his desk: what waits in the queue, and whether bob holds the approver role. */
function setup(world: { states: ApprovalState[]; approver: boolean }) {
  const told: ApprovalQueueItem[] = [];
  const session = {
    membership: { connection: { user: 'bob' } },
    approvals: { queue: async () => world.states, addressBook: async () => [] },
    pool: {
      query: async (sql: string, params: unknown[] = []) => {
        if (sql.includes('touched')) return [{ touched: 1 }];
        // The roles main asks this login for (isApprover): bob holds the approver role or not.
        if (sql.includes('md.team_people'))
          return [{ holds: world.approver && params.flat().includes('approver') }];
        return world.states.map((s) => ({
          id: String(s.entryId),
          environment: 'live',
          profile_id: 'p-live',
          coin: 'usdt',
          network: 'tron',
          amount: '40',
          to_address: 'TDest1',
          created_at: '2026-11-26T08:58:00.000Z',
        }));
      },
    },
  } as unknown as TeamSession;
  const changed = watchApprovals({
    session: () => session,
    emit: () => {},
    logLine: () => {},
    notify: (item) => told.push(item),
  });
  const seen = async (...ids: number[]) => {
    for (const id of ids) changed(id);
    await vi.runAllTimersAsync();
  };
  return { told, seen };
}

describe('approvers hear of a withdrawal waiting for them (issue 28 item 3)', () => {
  it('tells an approver once per revision of what entered the queue in this change', async () => {
    const world = { states: [state(7, ['anna']), state(8, ['anna'])], approver: true };
    const { told, seen } = setup(world);
    await seen(7);
    // Only what this change touched: #8 waited before and is not news.
    expect(told.map((i) => `${i.id}:${i.revision}`)).toEqual(['7:1']);
    await seen(7);
    expect(told).toHaveLength(1);
    // Changed (a new revision clears every approval): it waits again, and that is news.
    world.states = [state(7, ['anna', 'carl'], { revision: 2 })];
    await seen(7);
    expect(told.map((i) => `${i.id}:${i.revision}`)).toEqual(['7:1', '7:2']);
  });

  it('never tells the person who prepared it, one who approved it already, or someone who is not an approver', async () => {
    const approved = {
      approvals: [{ person: 'bob', deskId: 'd', desk: 'Back office', at: '2026-11-26T09:00:00.000Z' }],
    };
    const mine = setup({ states: [state(9, ['bob']), state(10, ['anna'], approved)], approver: true });
    await mine.seen(9, 10);
    expect(mine.told).toEqual([]);
    const viewer = setup({ states: [state(11, ['anna'])], approver: false });
    await viewer.seen(11);
    expect(viewer.told).toEqual([]);
  });
});
