import { test as base, expect, type Browser, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ELECTRON_SKIP_REASON, electronBinary, launchElectron } from './electron-app';
import { startHost, type RunningHost } from './host/server';

export const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));

/** Started on first use, stopped with the worker: the Electron project never needs either. */
function lazy<T>(start: () => Promise<T>) {
  let value: Promise<T> | undefined;
  return { get: () => (value ??= start()), started: () => value };
}

type Workers = {
  lazyHost: ReturnType<typeof lazy<RunningHost>>;
  lazyBrowser: ReturnType<typeof lazy<Browser>>;
};

export const test = base.extend<{ app: Page }, Workers>({
  lazyHost: [
    // Playwright reads the fixture's dependencies from this (empty) destructuring pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const host = lazy(() => startHost());
      await use(host);
      await (await host.started())?.close();
    },
    { scope: 'worker' },
  ],
  lazyBrowser: [
    async ({ playwright, launchOptions }, use) => {
      const browser = lazy(() => playwright.chromium.launch(launchOptions));
      await use(browser);
      await (await browser.started())?.close();
    },
    { scope: 'worker' },
  ],
  /** The app window: the built renderer behind the test host in Chromium, or the real Electron app. */
  app: async ({ lazyHost, lazyBrowser, viewport }, use, testInfo) => {
    if (testInfo.project.name === 'electron') {
      const binary = electronBinary();
      testInfo.skip(!binary, ELECTRON_SKIP_REASON);
      const electronApp = await launchElectron(binary!);
      await use(await electronApp.firstWindow());
      await electronApp.close();
      return;
    }
    const context = await (await lazyBrowser.get()).newContext({ viewport });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('response', (response) => {
      if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
    });
    page.on('console', (message) => {
      if (message.text().startsWith('Failed to load resource')) return; // reported with its URL above
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto((await lazyHost.get()).url);
    await use(page);
    await context.close();
    expect(errors, 'the page logged errors').toEqual([]);
  },
});

export { expect };

/** Saves a screenshot of the current screen in light and dark themes under test/e2e/artifacts/. */
export async function screenshotBothThemes(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(100);
    await page.screenshot({ path: `${ARTIFACTS}${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * The same fixtures with a host of its own (its own Sandbox, balances and journal) for a spec whose
 * figures other specs would move: overriding a worker fixture gives the file its own worker.
 */
export const testWithOwnHost = test.extend<object, Pick<Workers, 'lazyHost'>>({
  lazyHost: [
    // Playwright reads the fixture's dependencies from this (empty) destructuring pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const host = lazy(() => startHost());
      await use(host);
      await (await host.started())?.close();
    },
    { scope: 'worker' },
  ],
});
