// Runs one CSV export of a journal file in a fresh process, so the memory high-water mark
// (maxRSS) before and after belongs to the export alone. Prints one JSON line.
import { rmSync, statSync } from 'node:fs';
import { exportJournalCsv } from '@main/app/journal-export';
import { openJournalInWorker } from '@main/storage/sqlite/worker-client';
import { BENCH_DESK } from '../bench-desk';

const [file, out] = process.argv.slice(2) as [string, string];
// As the app runs it: the journal in its worker thread (its memory counts: it is this process's).
const journal = await openJournalInWorker(file, { deskId: BENCH_DESK });
await journal.page({}, { offset: 0, limit: 1 });
globalThis.gc?.();
const before = process.resourceUsage().maxRSS;
const heapBefore = process.memoryUsage().heapUsed;
const start = performance.now();
const result = await exportJournalCsv({ journal, chooseExportPath: async () => out });
const ms = performance.now() - start;
const growthKb = process.resourceUsage().maxRSS - before;
const bytes = statSync(out).size;
await journal.close();
rmSync(out, { force: true });
rmSync(`${out}.chain-head.txt`, { force: true });
console.log(
  JSON.stringify({
    ms,
    growthMb: growthKb / 1024,
    rows: result.rows,
    bytes,
    heapBefore,
    ok: result.chainHead !== null,
  }),
);
