import { Redactor } from '@main/security/redactor';
import { figure, round, type Curve, type Figure } from '../figure';
import { BENCH_DESK } from '../bench-desk';
import { generateJournal } from '../journal-generator';
import { ASSET_COUNTS, JOURNAL_SIZES, RUNS, SMOKE } from '../sizes';
import { csvExport, type ExportRun } from './csv-export';
import { openJournalInWorker } from '@main/storage/sqlite/worker-client';
import { ipcRoundTrips, type IpcTimings } from './ipc';
import { ipcUnderStorageLoad, type IpcUnderStorageLoad } from './ipc-worker';
import { journalReads, type ReadTimings } from './journal-reads';
import { journalWrites } from './journal-write';
import { ratesLoad } from './rates-load';
import { signingFigure } from './signing';
import { startupFigure } from './startup';

const log = (line: string) => console.error(`bench: ${line}`);
const curve = (y: string, points: [number, number][], x = 'journal rows'): Curve => ({
  x,
  y,
  points: points.map(([a, b]) => [a, round(b)]),
});

interface AtSize {
  rows: number;
  reads: ReadTimings;
  write: ReturnType<typeof journalWrites>;
  exported: ExportRun;
}

/** Every main-side figure of issue 14, in the shared format. Journals are generated once per size. */
export async function mainFigures(): Promise<Figure[]> {
  const figures: Figure[] = [signingFigure(SMOKE ? 50 : 2000)];
  const sizes: AtSize[] = [];
  let ipc: IpcTimings | undefined;
  let underLoad: IpcUnderStorageLoad | undefined;
  for (const rows of JOURNAL_SIZES) {
    log(`generating a journal of ${rows} entries`);
    const g = generateJournal(rows);
    try {
      log(`reads at ${rows}`);
      const reads = await journalReads(g, RUNS);
      log(`writes at ${rows}`);
      const write = journalWrites(g.journal, SMOKE ? 5 : 100);
      log(`export at ${rows}`);
      const exported = csvExport(g);
      sizes.push({ rows, reads, write, exported });
      log(`at ${rows}: ${JSON.stringify({ reads, write, exported })}`);
      if (rows === JOURNAL_SIZES[JOURNAL_SIZES.length - 1]) {
        // As the app runs it: the journal in its worker thread, freshly opened (its first check is whole).
        g.suspend();
        const store = await openJournalInWorker(g.file, { deskId: BENCH_DESK });
        try {
          log(`IPC round trips at ${rows} while the worker checks the chain, then exports`);
          underLoad = await ipcUnderStorageLoad(store, g.dir, SMOKE ? 20 : 500);
          log(`IPC round trips at ${rows} with ${ASSET_COUNTS[1]} assets ticking`);
          ipc = await ipcRoundTrips(store, g.dir, ASSET_COUNTS[1]!, SMOKE ? 20 : 500);
        } finally {
          await store.close();
          g.resume();
        }
      }
    } finally {
      g.close();
    }
  }
  const largest = sizes[sizes.length - 1]!;
  const n = largest.rows;
  const read = (id: Exclude<keyof ReadTimings, 'gradualCheck'>, what: string) =>
    figure({
      id: `journal-${id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}-p95`,
      figure: `journal with ${n} entries: ${what}, p95`,
      result: largest.reads[id].p95,
      unit: 'ms',
      target: '< 200 ms p95',
      pass: largest.reads[id].p95 < 200,
      curve: curve(
        'ms p95',
        sizes.map((s) => [s.rows, s.reads[id].p95]),
      ),
    });
  figures.push(
    figure({
      id: 'journal-write-p95',
      figure: `journal write (intent + settle, synchronous=FULL) at ${n} entries, p95`,
      result: largest.write.journal.p95,
      unit: 'ms',
      baseline: largest.write.bare.p95,
      baselineLabel: 'bare better-sqlite3 insert + update, same pragmas, p95',
      target: '≤ 10 ms',
      pass: largest.write.journal.p95 <= 10,
      curve: curve(
        'ms p95',
        sizes.map((s) => [s.rows, s.write.journal.p95]),
      ),
    }),
    read('firstPage', 'first page of the Journal screen (journal:page through the router)'),
    read('filtered', 'filtered page (profile, pair, one month)'),
    read('search', 'free-text search (order id)'),
    read('deepPage', 'last page of a profile by offset (scrolled to the end)'),
    read('cursorPage', 'the same last page by keyset cursor (before = last id shown)'),
    read('reconciliation', 'reconciliation session over the whole year (view computed)'),
    figure({
      id: 'journal-chain-check-slice',
      figure: `journal with ${n} entries: the start-up chain check in slices, the longest time main is held between two pauses`,
      result: largest.reads.gradualCheck.longestSliceMs,
      unit: 'ms',
      target: 'reported (a request waits at most this long)',
      pass: null,
      curve: curve(
        'ms longest slice',
        sizes.map((s) => [s.rows, s.reads.gradualCheck.longestSliceMs]),
      ),
      note: `${largest.reads.gradualCheck.slices} slices, ${Math.round(largest.reads.gradualCheck.totalMs)} ms in all.`,
    }),
    figure({
      id: 'journal-first-chain-check',
      figure: `journal with ${n} entries: the first full chain check after opening (the Journal's check, an export, a reconciliation view; later ones replay only what is new)`,
      result: largest.reads.firstChainCheck.p50,
      unit: 'ms',
      target: 'reported (main is busy meanwhile)',
      pass: null,
      curve: curve(
        'ms',
        sizes.map((s) => [s.rows, s.reads.firstChainCheck.p50]),
      ),
    }),
    figure({
      id: 'csv-export-memory',
      figure: `CSV export of ${n} entries: memory growth (max RSS)`,
      result: largest.exported.growthMb,
      unit: 'MB',
      target: '< 50 MB, streamed',
      pass: largest.exported.growthMb < 50,
      curve: curve(
        'MB max RSS growth',
        sizes.map((s) => [s.rows, s.exported.growthMb]),
      ),
    }),
    figure({
      id: 'csv-export-time',
      figure: `CSV export of ${n} entries: time (including the chain check whose head goes beside it)`,
      result: largest.exported.ms,
      unit: 'ms',
      target: 'reported',
      pass: null,
      curve: curve(
        'ms',
        sizes.map((s) => [s.rows, s.exported.ms]),
      ),
      note: `${largest.exported.bytes} bytes written.`,
    }),
  );
  if (ipc) {
    figures.push(
      figure({
        id: 'ipc-idle-p95',
        figure: 'IPC round trip through the real router (small read), idle, p95',
        result: ipc.idle.p95,
        unit: 'ms',
        target: '< 5 ms',
        pass: ipc.idle.p95 < 5,
      }),
      figure({
        id: 'ipc-loaded-p95',
        figure: `IPC round trip, while rates tick at ${ASSET_COUNTS[1]} assets and a ${n}-row export runs, p95`,
        result: ipc.loaded.p95,
        unit: 'ms',
        baseline: ipc.idle.p95,
        baselineLabel: 'the same call idle, p95',
        target: '< 50 ms',
        pass: ipc.loaded.p95 < 50,
        note: `${ipc.loaded.samples} calls over ${Math.round(ipc.exportMs)} ms, ${ipc.ticks} rate ticks published meanwhile.`,
      }),
    );
  }
  if (underLoad) figures.push(...storageLoadFigures(underLoad, n));
  figures.push(await ratesTickFigure(), startupFigure(SMOKE ? 1 : 5));
  return figures;
}

/** What publishing one rates tick costs main (build rows, contract check, redactor, clone), per asset count. */
async function ratesTickFigure(): Promise<Figure> {
  const redactor = new Redactor();
  redactor.register('sk_live_bench_0123456789abcdef');
  const points: [number, number][] = [];
  for (const assets of ASSET_COUNTS) {
    const load = ratesLoad(assets, 60_000, redactor);
    const ms: number[] = [];
    // Sixty ticks fill the sparkline history to its steady size before the timed ones.
    for (let i = 0; i < (SMOKE ? 3 : 65); i++) ms.push(await load.tickOnce());
    load.stop();
    const steady = ms.slice(SMOKE ? 0 : 60).sort((a, b) => a - b);
    points.push([assets, steady[Math.floor(steady.length / 2)]!]);
  }
  const at2000 = points[1]![1];
  return figure({
    id: 'rates-tick-main-ms',
    figure: `one rates tick published by main at ${ASSET_COUNTS[1]} assets (rows, contract check, redactor, IPC clone), median`,
    result: at2000,
    unit: 'ms',
    target: 'reported (main is blocked meanwhile)',
    pass: null,
    curve: curve('ms per tick', points, 'assets'),
  });
}

/** Issue 24: main keeps answering while the journal's worker runs its two longest jobs. */
function storageLoadFigures(load: IpcUnderStorageLoad, rows: number): Figure[] {
  return [
    figure({
      id: 'ipc-during-chain-check-p95',
      figure: `IPC round trip while the first full chain check of ${rows} entries runs (journal in its worker), p95`,
      result: load.duringCheck.p95,
      unit: 'ms',
      baseline: load.idle.p95,
      baselineLabel: 'the same call idle, p95',
      target: '< 20 ms',
      pass: load.duringCheck.p95 < 20,
      note: `${load.duringCheck.samples} calls over a ${Math.round(load.checkMs)} ms check.`,
    }),
    figure({
      id: 'ipc-during-export-p95',
      figure: `IPC round trip while a ${rows}-row CSV export runs (pieces read in the worker), p95`,
      result: load.duringExport.p95,
      unit: 'ms',
      baseline: load.idle.p95,
      baselineLabel: 'the same call idle, p95',
      target: '< 20 ms',
      pass: load.duringExport.p95 < 20,
      note: `${load.duringExport.samples} calls over a ${Math.round(load.exportMs)} ms export.`,
    }),
  ];
}
