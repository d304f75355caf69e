import { defineConfig } from '@playwright/test';

import { join } from 'node:path';
import { isFresh, ROOT } from './scripts/ensure-built.mjs';
import { CHROMIUM_ARGS, resolveChromium, runsChromiumProject } from './test/helpers/chromium';

// The test hosts run main's code from sources and start a storage worker each: when out/ is as new as
// the sources (`npm run test:e2e` builds first), the built worker, not a fresh compile (as vitest.config.ts).
if (isFresh('app')) process.env.MD_BUILT_STORAGE_WORKER = join(ROOT, 'out/main/storage-worker.js');

const browser = resolveChromium();
// Checked once, in the runner's own process (workers load this file too, with other arguments), and only
// when the browser project will run: the Electron run needs no Chromium.
if (!browser.ok && !process.env.TEST_WORKER_INDEX && runsChromiumProject(process.argv)) {
  console.error(browser.message);
  process.exit(1);
}

/**
 * Three workers, every test on its own (fullyParallel): a spec mostly waits on the page (one worker
 * kept about half a core busy), and a file's tests need not queue behind each other on one worker.
 * Measured on this 2-core machine shared with other jobs (whole chromium project, one run each;
 * the load beside it): 2 workers, files whole, 9:21 (load 14-20); 2 workers, fullyParallel, 8:36
 * (15-16); 3 workers, fullyParallel, 6:46 (10-24). Each worker starts its own browser and its own
 * test hosts, each with a data folder of its own and ports the system picks (fixtures.ts,
 * host/server.ts), so nothing is shared between them; a file that needs its tests in order says so
 * (mode: 'serial'). E2E_WORKERS=1 runs the tests one after another.
 */
const workers = Number(process.env.E2E_WORKERS ?? 3);
if (!Number.isInteger(workers) || workers < 1) {
  console.error(`E2E_WORKERS must be a whole number of workers, 1 or more (got ${process.env.E2E_WORKERS})`);
  process.exit(2);
}

export default defineConfig({
  testDir: 'test/system/e2e/specs',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    trace: 'retain-on-failure',
    viewport: { width: 1360, height: 860 },
  },
  projects: [
    // Runs the specs against the real Electron app (scripts/e2e-electron.mjs rebuilds native modules
    // for it first); every test skips with a one-line reason where the binary is not downloaded.
    { name: 'electron' },
    {
      name: 'chromium',
      // See `workers` above. The Electron project keeps its files whole: it was never measured so.
      fullyParallel: true,
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: browser.ok ? browser.executablePath : undefined,
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
});
