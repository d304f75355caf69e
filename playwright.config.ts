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
 * Two workers by default: with one, the whole run used 170 s of CPU, about half of one core over the
 * time it took, because a spec mostly waits on the page. Each worker starts its own browser and its
 * own test hosts, each with a data folder of its own and ports the system picks (fixtures.ts,
 * host/server.ts), so nothing is shared between them. E2E_WORKERS=1 runs the files one after another.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);
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
