import { describe, expect, it } from 'vitest';
import { runSoakAndTidy } from './run-soak';
import { formatSoakTable } from './table';

// The short soak of issue 13, run by CI with fixed seeds only, so a red run replays as it ran. Random
// seeds and long runs are the nightly workflow's (.github/workflows/nightly.yml: `npm run soak --
// --writes 2000`, which prints its seed); by hand, `npm run soak -- --writes 5000 --seed N`.

/**
 * CI's run: enough to show the mechanism works, not to search for new cases (the nightly run does
 * that). The seed it had, 1322, needed about 100 writes before its first kill, and 150 were run; with
 * seed 474, 50 writes draw all 11 kinds of fault, a kill between writes and one in the middle of a
 * write, and unknown answers that evidence resolves (found by replaying the soak's PRNG alone for
 * many seeds, then checked by a run).
 */
const CI_SOAK = { writes: 50, seed: 474 };
/** Seeds that once failed, kept as they were: 1869797543 left an invoice unknown after a clock jump. */
const FOUND_SEEDS = [1869797543];

async function soak(writes: number, seed: number) {
  const report = await runSoakAndTidy({ writes, seed });
  // The table (and so the seed) is printed whatever happens: a failure replays with it.
  console.log(formatSoakTable(report));
  return report;
}

describe('the reconciliation soak', () => {
  it(`keeps the journal and the sandbox in agreement over ${CI_SOAK.writes} writes (seed ${CI_SOAK.seed})`, async () => {
    const report = await soak(CI_SOAK.writes, CI_SOAK.seed);
    expect(report.failed).toEqual([]);
    // The run exercised what it is about: faults, kills of both kinds, unknowns and their evidence.
    expect(Object.keys(report.faults).length).toBeGreaterThan(4);
    expect(report.kills.betweenWrites).toBeGreaterThan(0);
    expect(report.kills.midWrite).toBeGreaterThan(0);
    const { createInvoice, createWithdrawal } = report.comparison;
    expect(createInvoice.resolvedByEvidence + createWithdrawal.resolvedByEvidence).toBeGreaterThan(0);
  }, 240_000);

  it.each(FOUND_SEEDS)(
    'keeps them in agreement over 50 writes with seed %i, which once failed',
    async (seed) => {
      const report = await soak(50, seed);
      expect(report.failed).toEqual([]);
    },
    240_000,
  );
});
