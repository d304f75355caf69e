import { defineConfig } from '@playwright/test';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from './test/helpers/chromium';

export default defineConfig({
  testDir: 'test/e2e/specs',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
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
          executablePath: CHROMIUM_PATH,
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
});
