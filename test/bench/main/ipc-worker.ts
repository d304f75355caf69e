import { join } from 'node:path';
import type { JournalStore } from '@main/storage/port';
import type { Timing } from '../stats';
import { benchRouter } from './bench-router';
import { sample } from './ipc';

const STATUS = { state: 'online', error: null, lastSuccessAt: '2030-06-01T00:00:00.000Z' } as const;

export interface IpcUnderStorageLoad {
  idle: Timing;
  /** While the first full chain check after opening runs (in the worker, as the app opens it). */
  duringCheck: Timing;
  checkMs: number;
  /** While journal:export-csv of every row runs (its pieces read in the worker, written by main). */
  duringExport: Timing;
  exportMs: number;
}

/**
 * IPC round trips while the journal's worker does its longest work: `journal` must be freshly
 * opened, so its first verifyChain replays the whole chain. The small call is timed from when it
 * was due (see sample), so a main thread held by the work would show in full.
 */
export async function ipcUnderStorageLoad(
  journal: JournalStore,
  dir: string,
  runs: number,
): Promise<IpcUnderStorageLoad> {
  const { router, call } = benchRouter(journal, async () => join(dir, 'ipc-worker-export.csv'));
  router.handle('connection:status', () => STATUS);
  const small = () => call('connection:status', {});
  const idle = await sample(small, () => true, 2, runs);

  const during = async (work: () => Promise<unknown>) => {
    let done = false;
    const sampling = sample(small, () => done, 10, Math.min(runs, 20));
    const started = performance.now();
    await work().finally(() => (done = true));
    const ms = performance.now() - started;
    return { timing: await sampling, ms };
  };
  const check = await during(async () => {
    const result = await journal.verifyChain();
    if (!result.ok) throw new Error('the generated journal did not verify');
  });
  const exported = await during(() => call('journal:export-csv', {}));
  return {
    idle,
    duringCheck: check.timing,
    checkMs: check.ms,
    duringExport: exported.timing,
    exportMs: exported.ms,
  };
}
