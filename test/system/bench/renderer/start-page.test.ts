import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '@test/helpers/built-app/build';
import { DOOR_SCRIPT } from '@test/bench/electron-door/vite.config';
import { launchChromium, newBenchContext } from '@test/bench/renderer/browser';
import { installProbes, type ReadyProbe } from '@test/bench/renderer/interactive';
import { buildStartPages } from '@test/bench/renderer/start-pages';

// The built renderer's first frame, opened as the start figures open it (a file, the stand-in
// preload first). Needs `npm run build:e2e` first, as the other bench checks do.
declare global {
  interface Window {
    __firstFrame?: 'shell' | 'empty';
  }
}

const APP = `${pathToFileURL(join(ROOT, 'out/renderer/index.html')).href}#/overview`;
let browser: Browser;

beforeAll(async () => {
  await buildStartPages();
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

async function withShell<T>(check: (page: Page, shellAt: number) => Promise<T>): Promise<T> {
  const context = await newBenchContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript(installProbes, ['shell-preload'] as ReadyProbe[]);
    await page.addInitScript({ path: DOOR_SCRIPT });
    // Asked for at document start: it runs in the document's first rendering update.
    await page.addInitScript(() => {
      requestAnimationFrame(() => {
        window.__firstFrame = document.querySelector('nav a[data-testid^="nav-"]') ? 'shell' : 'empty';
      });
    });
    await page.goto(APP);
    await page.waitForFunction(() => window.__benchReadyAt?.['shell-preload'] !== undefined);
    return await check(page, await page.evaluate(() => window.__benchReadyAt!['shell-preload']!));
  } finally {
    await context.close();
  }
}

describe('the app’s first frame (issue 14)', () => {
  it('is the shell: no frame of the empty page comes before it', async () => {
    const firstFrame = await withShell(async (page) => {
      await page.waitForFunction(() => window.__firstFrame !== undefined);
      return page.evaluate(() => window.__firstFrame);
    });
    expect(firstFrame).toBe('shell');
  });

  it('only subscribes before its shell shows: every call to main comes after, so none is answered in the start figures’ window', async () => {
    const early = await withShell(async (page, shellAt) => {
      // The loads that follow the first paint reach the door: it records calls.
      await page.waitForFunction(() => (window.__benchDoor?.invokes.length ?? 0) > 0);
      const invokes = await page.evaluate(() => window.__benchDoor!.invokes);
      return invokes.filter((call) => call.at < shellAt).map((call) => call.channel);
    });
    expect(early).toEqual([]);
  });

  it('draws its text in two weights and at most three sizes (each new one is a font lookup on Linux)', async () => {
    const faces = await withShell((page) =>
      page.evaluate(() => {
        const seen = new Set<string>();
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const element = node.parentElement;
          if (!element || !node.textContent?.trim() || element.closest('dialog:not([open])')) continue;
          const style = getComputedStyle(element);
          seen.add(`${style.fontSize} ${style.fontWeight}`);
        }
        return [...seen];
      }),
    );
    expect(new Set(faces.map((face) => face.split(' ')[1])).size).toBeLessThanOrEqual(2);
    expect(faces.length).toBeLessThanOrEqual(3);
  });
});
