import { describe, expect, it } from 'vitest';
import { runSoakAndTidy } from './run-soak';
import { formatSoakTable } from './table';

// The short soak of issue 13, run by CI with fixed seeds only, so a red run replays as it ran. Random
// seeds are the nightly workflow's (.github/workflows/nightly.yml: `npm run soak`, which prints its seed);
// the long one by hand is `npm run soak -- --writes 5000 --seed N`.
const FIXED_SEED = 1322;
/** Seeds that once failed, kept as they were: 1869797543 left an invoice unknown after a clock jump. */
const FOUND_SEEDS = [1869797543];

async function soak(writes: number, seed: number) {
  const report = await runSoakAndTidy({ writes, seed });
  // The table (and so the seed) is printed whatever happens: a failure replays with it.
  console.log(formatSoakTable(report));
  return report;
}

describe('the reconciliation soak', () => {
  it(`keeps the journal and the sandbox in agreement over 150 writes (seed ${FIXED_SEED})`, async () => {
    const report = await soak(150, FIXED_SEED);
    expect(report.failed).toEqual([]);
    // The run exercised what it is about: faults, kills, unknowns and their evidence.
    expect(Object.keys(report.faults).length).toBeGreaterThan(4);
    expect(report.kills.betweenWrites + report.kills.midWrite).toBeGreaterThan(0);
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
