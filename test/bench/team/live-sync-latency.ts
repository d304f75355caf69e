import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPgJournalStore } from '@main/storage/pg/journal-store';
import { openLocalCopy } from '@main/team/local-copy';
import { openSqliteTeamCopy } from '@main/storage/sqlite/team-copy';
import { startLiveSync } from '@main/team/live-sync';
import { summarize, type Timing } from '../stats';
import type { BenchTeam } from './bench-team';

export interface SyncTimings {
  /** From desk A calling begin to the entry being in desk B's local copy. */
  visible: Timing;
  /** Desk A's begin alone (its commit), p95: what the sync adds is the difference. */
  commit: Timing;
}

/**
 * Desk A records entries through its store; desk B runs the live sync (LISTEN/NOTIFY, then the
 * catch-up with its chain walk) into its local copy. Each sample waits for B's copy to report that
 * entry applied (its onApplied callback, no polling), then A commits the next.
 */
export async function liveSyncLatency(team: BenchTeam, samples: number): Promise<SyncTimings> {
  const deskA = await team.desk('Bench desk A');
  const store = await openPgJournalStore(team.operator(2), { deskId: deskA.deskId, deskToken: deskA.token });
  const dir = mkdtempSync(join(tmpdir(), 'md-bench-sync-'));
  const copy = openLocalCopy(openSqliteTeamCopy(join(dir, 'team-copy.sqlite')));
  const waiting = new Map<number, () => void>();
  const seen = new Set<number>();
  let live: () => void = () => {};
  const isLive = new Promise<void>((resolve) => (live = resolve));
  const sync = startLiveSync({
    connect: async () => {
      const client = new pg.Client(team.viewer());
      await client.connect();
      return client;
    },
    copy,
    onApplied: (changes) => {
      for (const { id } of changes) {
        seen.add(id);
        waiting.get(id)?.();
      }
    },
    onStatus: (status) => {
      if (status.state === 'live') live();
    },
  });
  const visibleOnB = (id: number) =>
    seen.has(id) ? Promise.resolve() : new Promise<void>((resolve) => waiting.set(id, resolve));
  try {
    await isLive;
    const visible: number[] = [];
    const commit: number[] = [];
    for (let i = 0; i < samples + 5; i++) {
      const start = performance.now();
      const id = await store.begin('createInvoice', {
        profileId: 'p-live',
        environment: 'live',
        requestBody: { order_id: `bench-sync-${i}`, amount: '10.00', currency: 'USD' },
      });
      const committed = performance.now();
      await visibleOnB(id);
      waiting.delete(id);
      // The first five warm the connections and the copy's statements.
      if (i < 5) continue;
      commit.push(committed - start);
      visible.push(performance.now() - start);
    }
    return { visible: summarize(visible), commit: summarize(commit) };
  } finally {
    await sync.stop();
    copy.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
