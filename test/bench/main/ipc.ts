import { join } from 'node:path';
import type { JournalStore } from '@main/storage/port';
import { summarize, type Timing } from '../stats';
import { benchRouter } from './bench-router';
import { ratesLoad } from './rates-load';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const STATUS = { state: 'online', error: null, lastSuccessAt: '2030-06-01T00:00:00.000Z' } as const;

/**
 * Round trips of a small read (connection:status) at a steady pace. Each call is timed from the
 * moment it was due, not from when it got to run: a main process busy with an export delays the
 * calls it could not start, and that delay is what the person waits for (no coordinated omission).
 */
export async function sample(
  call: () => Promise<unknown>,
  until: () => boolean,
  everyMs: number,
  minimum: number,
) {
  const samples: number[] = [];
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let k = 0; !until() || k < minimum; k++) {
    const due = start + k * everyMs;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(call().then(() => void samples.push(performance.now() - due)));
  }
  await Promise.all(pending);
  return summarize(samples);
}

export interface IpcTimings {
  idle: Timing;
  loaded: Timing;
  exportMs: number;
  ticks: number;
}

export async function ipcRoundTrips(
  journal: JournalStore,
  dir: string,
  assets: number,
  runs: number,
): Promise<IpcTimings> {
  const { router, redactor, call } = benchRouter(journal, async () => join(dir, 'ipc-export.csv'));
  router.handle('connection:status', () => STATUS);
  const small = () => call('connection:status', {});
  const idle = await sample(small, () => true, 2, runs);

  // As in the app: the chain was checked in slices after start-up, so the export's check goes on from there.
  const check = await journal.verifyChainGradually();
  if (!check?.ok) throw new Error('the generated journal did not verify');
  const rates = ratesLoad(assets, 1000, redactor);
  rates.start();
  await sleep(1200);
  let done = false;
  let started = Number.POSITIVE_INFINITY;
  const sampling = sample(small, () => done && performance.now() - started > 3000, 10, runs);
  // The calls are already running when the export starts: its synchronous first steps count too.
  await sleep(100);
  started = performance.now();
  const exported = call('journal:export-csv', {}).finally(() => (done = true));
  const loaded = await sampling;
  await exported;
  const exportMs = performance.now() - started;
  rates.stop();
  return { idle, loaded, exportMs, ticks: rates.sent() };
}
