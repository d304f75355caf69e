import { test as base, expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startHost, type RunningHost } from './host/server';

export const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));

/** One test host per worker: the real main services and embedded sandbox behind the built renderer. */
export const test = base.extend<{ app: Page }, { host: RunningHost }>({
  host: [
    // Playwright reads the fixture's dependencies from this (empty) destructuring pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const host = await startHost();
      await use(host);
      await host.close();
    },
    { scope: 'worker' },
  ],
  app: async ({ page, host }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('response', (response) => {
      if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
    });
    page.on('console', (message) => {
      if (message.text().startsWith('Failed to load resource')) return; // reported with its URL above
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(host.url);
    await use(page);
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
