import { openPgJournalStore, type PgJournalStore } from '@main/storage/pg/journal-store';
import { summarize, type Timing } from '../stats';
import type { BenchTeam } from './bench-team';

export interface ClaimTimings {
  /** Every claim call of every round, winners and losers alike (a loser waits for the winner's commit). */
  contended: Timing;
  /** One desk claiming an intent nobody else wants: the same call without contention. */
  alone: Timing;
  rounds: number;
  desks: number;
}

const withdrawal = (round: number) => ({
  profileId: 'p-live',
  environment: 'live' as const,
  requestBody: { network: 'tron', coin: 'usdt', amount: '40.00', to_address: `TBenchClaim${round}` },
});

/**
 * `desks` desks, each its own store on its own connections, all claim the same intent at once, round
 * after round. Exactly one must win each round (the bench refuses to report a figure otherwise).
 */
export async function claimContention(team: BenchTeam, desks: number, rounds: number): Promise<ClaimTimings> {
  const stores: PgJournalStore[] = [];
  try {
    for (let i = 1; i <= desks; i++) {
      const desk = await team.desk(`Bench desk ${i}`);
      stores.push(await openPgJournalStore(team.operator(2), { deskId: desk.deskId, deskToken: desk.token }));
    }
    const contended: number[] = [];
    const alone: number[] = [];
    let n = 0;
    for (let round = 0; round < rounds; round++) {
      const id = await stores[round % desks]!.createIntent('createWithdrawal', withdrawal((n += 1)));
      const outcomes = await Promise.allSettled(
        stores.map(async (store) => {
          const start = performance.now();
          try {
            await store.claim(id);
          } finally {
            contended.push(performance.now() - start);
          }
        }),
      );
      const won = outcomes.filter((o) => o.status === 'fulfilled').length;
      if (won !== 1) throw new Error(`claim round ${round}: ${won} desks won the same intent`);
      const lost = outcomes.find(
        (o) => o.status === 'rejected' && (o.reason as { kind?: string }).kind !== 'journal-conflict',
      );
      if (lost?.status === 'rejected') throw lost.reason;
      // The same claim with nobody else trying, right after, so both meet the same machine load.
      const own = stores[(round + 1) % desks]!;
      const solo = await own.createIntent('createWithdrawal', withdrawal((n += 1)));
      const start = performance.now();
      await own.claim(solo);
      alone.push(performance.now() - start);
    }
    return { contended: summarize(contended), alone: summarize(alone), rounds, desks };
  } finally {
    for (const store of stores) await store.close();
  }
}
