import { readdirSync } from 'node:fs';
import { afterEach, vi } from 'vitest';
import { createElectronStandIn, type ElectronStandIn, type StandInOptions } from './electron-stand-in';

/** What src-main/index.ts takes from `electron`; the stand-in provides each. */
const ELECTRON_EXPORTS = [
  'app',
  'BrowserWindow',
  'dialog',
  'ipcMain',
  'Menu',
  'powerMonitor',
  'protocol',
  'session',
  'shell',
] as const;

/**
 * The mocked `electron` module of a test file: each export reads the current stand-in, so every
 * launch can point it at a fresh one. In the file:
 * `vi.mock('electron', async () => (await import('@test/helpers/entry-launch')).electronModule(current))`.
 */
export function electronModule(current: { electron: Record<string, unknown> }): Record<string, unknown> {
  const module: Record<string, unknown> = {};
  for (const key of ELECTRON_EXPORTS)
    Object.defineProperty(module, key, { enumerable: true, get: () => current.electron[key] });
  return module;
}

/**
 * Starts the real entry (src-main/index.ts) against a stand-in Electron. The test file mocks
 * `electron` to read from `current.electron` (vi.mock is hoisted per file); each launch points it at a
 * fresh stand-in. Whatever a test left running quits after it, the way the app does.
 */
export function entryLauncher(current: { electron: Record<string, unknown> }) {
  const started: ElectronStandIn[] = [];
  afterEach(async () => {
    for (const run of started.splice(0)) {
      if (run.record.exitCode === undefined && !run.record.quit) {
        run.electron.app.quit();
        await run.done;
      }
    }
  });
  /**
   * Runs the entry until it shows a window or exits; `answers` are the message boxes' buttons, in
   * turn; `more` sets the rest of the stand-in (a packaged build).
   */
  return async function launch(
    userData: string,
    answers: number[] = [],
    more: Omit<StandInOptions, 'userData' | 'answers'> = {},
  ): Promise<ElectronStandIn> {
    const run = createElectronStandIn({ userData, answers, ...more });
    started.push(run);
    current.electron = run.electron as unknown as Record<string, unknown>;
    vi.resetModules();
    await import('@main/index');
    const deadline = Date.now() + 15_000;
    while (run.record.windows.length === 0 && run.record.exitCode === undefined) {
      if (Date.now() > deadline) throw new Error('start-up neither showed a window nor exited');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return run;
  };
}

/** The copies a start moved aside of a damaged file (not their -wal/-shm companions). */
export const movedAside = (dir: string, name: string) =>
  readdirSync(dir).filter((f) => f.startsWith(`${name}.damaged-`) && !/-(wal|shm)\./.test(f));
