import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchApprovals } from '@main/app/modules/approvals-watch';
import type { TeamSession } from '@main/app/modules/team-session';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(touched: number) {
  const asked: unknown[][] = [];
  const emitted: string[] = [];
  const session = {
    pool: {
      query: async (_sql: string, params: unknown[]) => {
        asked.push(params);
        return [{ touched }];
      },
    },
  } as unknown as TeamSession;
  const changed = watchApprovals({
    session: () => session,
    emit: (channel) => emitted.push(channel),
    logLine: () => {},
  });
  return { changed, asked, emitted };
}

describe('telling the window that approvals changed', () => {
  it('asks once for the ids the live sync reported together, and announces a change of an approval', async () => {
    const { changed, asked, emitted } = setup(1);
    changed(4);
    changed(5);
    changed(4);
    await vi.runAllTimersAsync();
    expect(asked).toEqual([[['4', '5']]]);
    expect(emitted).toEqual(['approvals:changed']);
  });

  it('says nothing when none of the changed entries is a withdrawal waiting for or through approval', async () => {
    const { changed, asked, emitted } = setup(0);
    changed(9);
    await vi.runAllTimersAsync();
    expect(asked).toHaveLength(1);
    expect(emitted).toEqual([]);
  });
});
