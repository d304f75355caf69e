import { figure, round, type Figure } from '../figure';
import { SMOKE } from '../sizes';
import { pgUnavailable, startPgCluster } from '../../helpers/pg-cluster';
import { createBenchTeam } from './bench-team';
import { claimContention } from './claim-contention';
import { liveSyncLatency } from './live-sync-latency';
import { ledgerReads } from './million-entries';
import { COUNT_AHEAD } from '@main/storage/pg/entry-reads';

const log = (line: string) => console.error(`bench: ${line}`);

/** BENCH_TEAM_ROWS shrinks the shared ledger for a quick look; the figure is at 1 000 000. */
const TEAM_ROWS = SMOKE ? 2_000 : Number(process.env.BENCH_TEAM_ROWS ?? 1_000_000);
const CLAIM_DESKS = 20;

/**
 * Issue 27's figures, against a PostgreSQL cluster of the bench's own (test/helpers/pg-cluster.ts:
 * Debian's binaries, a unix socket, fsync off as for every test cluster, so commits cost no disk
 * flush: the figures are the ledger's and the sync's, not this machine's disk's).
 */
export async function teamFigures(): Promise<Figure[]> {
  const reason = pgUnavailable();
  if (reason) throw new Error(`the team ledger figures need PostgreSQL: ${reason}`);
  const cluster = startPgCluster();
  try {
    const claimTeam = await createBenchTeam(cluster, 'bench_claim');
    const rounds = SMOKE ? 3 : 100;
    log(`claims: ${CLAIM_DESKS} desks contending, ${rounds} rounds`);
    const claims = await claimContention(claimTeam, CLAIM_DESKS, rounds).finally(() => claimTeam.close());
    log(`claims: ${JSON.stringify(claims)}`);

    const syncTeam = await createBenchTeam(cluster, 'bench_sync');
    log('live sync: commit on desk A, visible on desk B');
    const sync = await liveSyncLatency(syncTeam, SMOKE ? 5 : 200).finally(() => syncTeam.close());
    log(`live sync: ${JSON.stringify(sync)}`);

    const readTeam = await createBenchTeam(cluster, 'bench_reads');
    log(`ledger reads: loading ${TEAM_ROWS} shared entries`);
    const reads = await ledgerReads(readTeam, TEAM_ROWS, SMOKE ? 5 : 200).finally(() => readTeam.close());
    log(`ledger reads: ${JSON.stringify(reads)}`);

    return [
      figure({
        id: 'team-claim-contended-p95',
        figure: `team ledger: claim of one intent by ${CLAIM_DESKS} desks at once (each its own connection), every claim call, p95`,
        result: claims.contended.p95,
        unit: 'ms',
        baseline: claims.alone.p95,
        baselineLabel: 'the same claim with no other desk trying, p95',
        target: 'reported (the issue sets none); exactly one winner every round',
        pass: null,
        note: `${claims.rounds} rounds, one winner in each (checked); ${claims.contended.samples} claim calls, median ${round(claims.contended.p50)} ms.`,
      }),
      figure({
        id: 'team-sync-visible-p95',
        figure:
          'team ledger: commit on desk A → in desk B’s local copy through live sync (LISTEN/NOTIFY + catch-up), p95',
        result: sync.visible.p95,
        unit: 'ms',
        baseline: sync.commit.p95,
        baselineLabel: 'desk A’s commit (begin) alone, p95',
        target: '< 500 ms p95',
        pass: sync.visible.p95 < 500,
        note: `${sync.visible.samples} commits, median ${round(sync.visible.p50)} ms.`,
      }),
      figure({
        id: 'team-first-page-p95',
        figure: `team ledger with ${reads.rows} shared entries: first page of one profile (page with its counts), p95`,
        result: reads.firstPage.p95,
        unit: 'ms',
        target: '< 200 ms p95',
        pass: reads.firstPage.p95 < 200,
        note:
          `Loaded by the owner with generate_series in ${Math.round(reads.loadMs / 1000)} s (indexes rebuilt after); ` +
          `the total counted at most ${COUNT_AHEAD} rows past the page. Plan: ${reads.plans.firstPage}.`,
      }),
      figure({
        id: 'team-search-p95',
        figure: `team ledger with ${reads.rows} shared entries: free-text search (order id) through page, p95`,
        result: reads.search.p95,
        unit: 'ms',
        target: '< 200 ms p95',
        pass: reads.search.p95 < 200,
        note:
          `median ${round(reads.search.p50)} ms for a whole order id (equality indexes, migration 007); ` +
          `a part of one (the trigram index, once per page): p95 ${round(reads.partSearch.p95)} ms, median ${round(reads.partSearch.p50)} ms. ` +
          `Plans after the run: whole id: ${reads.plans.search}. Part: ${reads.plans.partSearch}.`,
      }),
    ];
  } finally {
    cluster.destroy();
  }
}
