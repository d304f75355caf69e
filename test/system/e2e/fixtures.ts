import {
  test as base,
  expect,
  type Browser,
  type ConsoleMessage,
  type Page,
  type PageScreenshotOptions,
  type Response,
} from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ELECTRON_SKIP_REASON, electronBinary, launchElectron } from './electron-app';
import { startHost, type HostOptions, type RunningHost } from './host/server';

export const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));

/**
 * Whether the specs write their pictures (the e2e artifacts, the guide's images). They are for people to
 * look at (CONTRIBUTING.md), and a CI run's clean clone is thrown away with them: there, encoding some
 * 390 PNGs (0.13 s of CPU each, measured on this 2-core machine) took about an eighth of the Chromium
 * project's CPU. Under CI they are not written unless E2E_SCREENSHOTS=1; elsewhere E2E_SCREENSHOTS=0
 * turns them off. A spec that reads a picture back (the QR codes) takes it with Playwright directly.
 */
export const WRITES_SCREENSHOTS =
  process.env.E2E_SCREENSHOTS === '1' || (!process.env.CI && process.env.E2E_SCREENSHOTS !== '0');

/**
 * A picture of the page (or a part: `clip`) written to `path`, when pictures are written at all, or
 * `always` (the guide's pictures under `npm run docs:screenshots`).
 */
export async function saveScreenshot(
  page: Page,
  options: PageScreenshotOptions & { path: string },
  always = false,
): Promise<void> {
  if (!always && !WRITES_SCREENSHOTS) return;
  mkdirSync(dirname(options.path), { recursive: true });
  await page.screenshot(options);
}

/**
 * The specs' hosts tick quicker than the app, so a spec waits about a second, not five to twenty, for
 * a price tick, a balance snapshot, a recovery after a failed poll, or prices going stale. Each wait
 * still counts the same events (a tick, two refreshes); only the time between them is shorter.
 */
const SPEC_PACE: HostOptions['pace'] = {
  // The shortest interval Settings → Advanced accepts; the overview's refresh follows it too.
  pollIntervalMs: 1_000,
  balanceSnapshotMs: 2_000,
  maxBackoffMs: 2_000,
  // Above a poll that fails after its retries (about 1.5 s), so one failure alone is not stale.
  staleFloorMs: 4_000,
};

/** Started on first use, stopped with the worker: the Electron project never needs either. */
function lazy<T>(start: () => Promise<T>) {
  let value: Promise<T> | undefined;
  return { get: () => (value ??= start()), started: () => value };
}

type Lazy<T> = ReturnType<typeof lazy<T>>;

/**
 * The worker's test hosts: one shared by most specs, and one of its own for the spec file running now
 * (a spec whose figures other specs would move). Files run one after another in a worker, so the
 * previous file's own host is closed when the next file asks for one.
 */
interface HostPool {
  shared: Lazy<RunningHost>;
  forFile(file: string): Lazy<RunningHost>;
}

type Workers = {
  hosts: HostPool;
  lazyBrowser: Lazy<Browser>;
  /**
   * The worker's one browser window, which every test of the worker opens the app in afresh. A new
   * context and page for each test cost about a second of CPU more (a new renderer process each time),
   * some 100 s over the run on this 2-core machine; nothing of a test outlives it but the window:
   * the app is loaded again, the routes, listeners, size and colour scheme set back, other pages closed.
   * The renderer keeps nothing in the browser's storage.
   */
  windows: Lazy<Page>;
};

type Tests = {
  app: Page;
  lazyHost: Lazy<RunningHost>;
  /** Option: this spec file gets a host (Sandbox, balances, journal) of its own. */
  ownHost: boolean;
};

async function close(host: Lazy<RunningHost> | undefined) {
  await (await host?.started())?.close();
}

export const test = base.extend<Tests, Workers>({
  hosts: [
    // Playwright reads the fixture's dependencies from this (empty) destructuring pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const shared = lazy(() => startHost({ pace: SPEC_PACE }));
      let own: { file: string; host: Lazy<RunningHost> } | undefined;
      await use({
        shared,
        forFile(file) {
          if (own?.file !== file) {
            void close(own?.host);
            own = { file, host: lazy(() => startHost({ pace: SPEC_PACE })) };
          }
          return own.host;
        },
      });
      await Promise.all([close(shared), close(own?.host)]);
    },
    { scope: 'worker' },
  ],
  ownHost: [false, { option: true }],
  lazyHost: async ({ hosts, ownHost }, use, testInfo) => {
    await use(ownHost ? hosts.forFile(testInfo.file) : hosts.shared);
  },
  lazyBrowser: [
    async ({ playwright, launchOptions }, use) => {
      const browser = lazy(() => playwright.chromium.launch(launchOptions));
      await use(browser);
      await (await browser.started())?.close();
    },
    { scope: 'worker' },
  ],
  windows: [
    async ({ lazyBrowser }, use) => {
      const page = lazy(async () => (await (await lazyBrowser.get()).newContext()).newPage());
      await use(page);
      await (await page.started())?.context().close();
    },
    { scope: 'worker' },
  ],
  /** The app window: the built renderer behind the test host in Chromium, or the real Electron app. */
  app: async ({ lazyHost, windows, viewport }, use, testInfo) => {
    if (testInfo.project.name === 'electron') {
      const binary = electronBinary();
      testInfo.skip(!binary, ELECTRON_SKIP_REASON);
      const electronApp = await launchElectron(binary!);
      await use(await electronApp.firstWindow());
      await electronApp.close();
      return;
    }
    const page = await windows.get();
    // What a test may have changed on the window is set back before the next one opens the app.
    // playwright.config.ts gives every test a size (a spec may choose its own).
    if (viewport) await page.setViewportSize(viewport);
    await page.emulateMedia({
      media: null,
      colorScheme: 'light',
      reducedMotion: 'no-preference',
      forcedColors: 'none',
    });
    const errors: string[] = [];
    const onPageError = (error: Error) => errors.push(error.message);
    const onResponse = (response: Response) => {
      if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
    };
    const onConsole = (message: ConsoleMessage) => {
      if (message.text().startsWith('Failed to load resource')) return; // reported with its URL above
      if (message.type() === 'error') errors.push(message.text());
    };
    page.on('pageerror', onPageError);
    page.on('response', onResponse);
    page.on('console', onConsole);
    await page.goto((await lazyHost.get()).url);
    await use(page);
    // The app leaves the page (its event stream and timers stop), and whatever the test set on it goes.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.goto('about:blank');
    page.off('pageerror', onPageError);
    page.off('response', onResponse);
    page.off('console', onConsole);
    for (const other of page.context().pages()) if (other !== page) await other.close();
    expect(errors, 'the page logged errors').toEqual([]);
  },
});

export { expect };

/**
 * Switches the page to a colour scheme and resolves once the page has drawn a frame in it: the media
 * query matches and two animation frames have passed. The app's themes are CSS alone (no transitions,
 * no script reads the scheme), so nothing is left to wait for; a fixed pause only made every
 * screenshot and axe pass slower.
 */
export async function showScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction((s) => matchMedia(`(prefers-color-scheme: ${s})`).matches, scheme);
  await page.evaluate(
    () => new Promise<void>((drawn) => requestAnimationFrame(() => requestAnimationFrame(() => drawn()))),
  );
}

/**
 * Saves a screenshot of the current screen in light and dark themes under test/system/e2e/artifacts/, the
 * whole page or (`fullPage: false`) the viewport. When no pictures are written the themes are not
 * switched either: two redraws for nothing, some 110 times a run.
 */
export async function screenshotBothThemes(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  if (!WRITES_SCREENSHOTS) return;
  for (const scheme of ['light', 'dark'] as const) {
    await showScheme(page, scheme);
    await saveScreenshot(page, { path: `${ARTIFACTS}${name}-${scheme}.png`, fullPage });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The same fixtures with a host of its own for this spec file (see HostPool). */
export const testWithOwnHost = test.extend({ ownHost: true });
