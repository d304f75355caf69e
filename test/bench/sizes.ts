/** The sizes the scaling figures are measured at; BENCH_SMOKE=1 shrinks everything to prove the runner only. */
export const SMOKE = process.env.BENCH_SMOKE === '1';
// BENCH_SIZES=1000,10000 measures fewer sizes (a quick before/after comparison of a fix).
const sizes = process.env.BENCH_SIZES?.split(',').map(Number);
export const JOURNAL_SIZES = SMOKE ? [50, 100, 200] : (sizes ?? [1_000, 10_000, 100_000]);
export const ASSET_COUNTS = SMOKE ? [20, 50, 100] : [500, 2_000, 10_000];
/** Timed runs per figure: enough for a p95 that means something, few in a smoke run. */
export const RUNS = SMOKE ? 5 : 200;
