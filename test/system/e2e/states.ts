import type { Page } from '@playwright/test';
import { screenshotBothThemes, showScheme } from './fixtures';
import type { RunningHost } from './host/server';

/**
 * Puts a screen into each state of the state model. Loading and empty answers are staged on the IPC
 * route of the browser test host; a cut connection is real: the embedded sandbox drops every request
 * before it is handled, as a dead network would.
 */
function ipcUrl(channel: string): string {
  return `**/__host/ipc/${channel}`;
}

/** The channel never answers: the screen stays in its loading state. */
export async function holdChannel(page: Page, channel: string): Promise<void> {
  await page.route(ipcUrl(channel), () => {
    /* never fulfilled */
  });
}

/** The channel answers with `data`. */
export async function answerChannel(page: Page, channel: string, data: unknown): Promise<void> {
  await page.route(ipcUrl(channel), (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ok: true, data }) }),
  );
}

/** Every request to the sandbox is dropped before it is handled (nothing reaches it). */
export function cutConnection(host: RunningHost): void {
  host.services.sandbox!.control.injectFault('*', { kind: 'drop-before' }, 100_000);
}

export function restoreConnection(host: RunningHost): void {
  host.services.sandbox!.control.clearFaults();
}

/** A screenshot of the page as it is, light and dark, at the current viewport. */
export const shootBoth = (page: Page, name: string): Promise<void> =>
  screenshotBothThemes(page, name, { fullPage: false });

/** axe in both colour schemes; returns the serious and critical violations of each. */
export async function axeBothThemes(
  page: Page,
  run: (page: Page) => Promise<unknown[]>,
): Promise<Record<'light' | 'dark', unknown[]>> {
  const out = { light: [] as unknown[], dark: [] as unknown[] };
  for (const scheme of ['light', 'dark'] as const) {
    await showScheme(page, scheme);
    out[scheme] = await run(page);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return out;
}

/** True when the app's scrolling main area (or the page) scrolls sideways. */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const main = document.querySelector('main') ?? document.body;
    const page = document.scrollingElement ?? document.documentElement;
    return main.scrollWidth > main.clientWidth + 1 || page.scrollWidth > page.clientWidth + 1;
  });
}
