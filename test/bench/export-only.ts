// npm run bench:export: only the CSV export figures (memory growth and time), a few runs each at the
// largest size (BENCH_SIZES to choose, BENCH_EXPORT_RUNS for how many), for a quick before/after of a
// change to the export path without the rest of the bench. Prints one line per run and a summary.
import { generateJournal } from './journal-generator';
import { csvExport } from './main/csv-export';
import { JOURNAL_SIZES } from './sizes';

const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 3);

async function main(): Promise<void> {
  for (const rows of JOURNAL_SIZES) {
    const g = generateJournal(rows);
    try {
      const growth: number[] = [];
      for (let run = 1; run <= RUNS; run++) {
        const r = csvExport(g);
        growth.push(r.growthMb);
        console.log(`export at ${rows}, run ${run}: ${JSON.stringify(r)}`);
      }
      const sorted = [...growth].sort((a, b) => a - b);
      console.log(
        `export at ${rows}: growth MB min ${sorted[0]!.toFixed(1)}, median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)}, max ${sorted[sorted.length - 1]!.toFixed(1)}`,
      );
    } finally {
      g.close();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
