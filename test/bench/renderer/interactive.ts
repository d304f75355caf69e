import { pathToFileURL } from 'node:url';
import type { Browser } from '@playwright/test';
import { median } from '../stats';
import { newBenchContext } from './browser';

/**
 * Which page state counts as reached, checked in the page itself:
 * - `shell`: the app's navigation is usable (every link visible) and the screen shows its skeleton
 *   (or already its content): what the person can act on before any data has come back;
 * - `overview`: the overview's balances have arrived and its Refresh button is enabled;
 * - `shell-preload`, `shell-own`: the same as `shell`, named apart for the app served as plain files
 *   with the stand-in preload run first (as Electron loads it), and without any preload;
 * - `bare`: the bare React page has rendered.
 */
export type ReadyProbe = 'shell' | 'shell-preload' | 'shell-own' | 'overview' | 'bare';

export interface InteractiveResult {
  runs: number[];
  medianMs: number;
}

declare global {
  interface Window {
    __benchReadyAt?: Partial<Record<ReadyProbe, number>>;
  }
}

/**
 * Installed before any page script runs. A DOM change asks for a check in the next animation frame;
 * the first frame whose DOM meets a probe stops that probe's clock (it is the frame that paints it),
 * read as performance.now(), which counts from the start of navigation. Observing in the page avoids
 * the tens of milliseconds a Playwright polling loop would add, equally but noisily, to both pages.
 * Checking once per frame, not on every batch of changes, keeps the probe's own cost out of the
 * figure: each check measures layout, and forcing it after every React commit cost the app's page
 * (its DOM is larger) about 20 ms more than the bare page's.
 */
export function installProbes(probes: ReadyProbe[]): void {
  const visible = (el: Element | null) =>
    !!el && el.getBoundingClientRect().height > 0 && getComputedStyle(el).visibility !== 'hidden';
  const checks: Record<ReadyProbe, () => boolean> = {
    bare: () => visible(document.querySelector('[data-testid="bare-ready"]')),
    shell: () => {
      const links = [...document.querySelectorAll('nav a[data-testid^="nav-"]')];
      if (links.length === 0 || !links.every(visible)) return false;
      return (
        visible(document.querySelector('main [data-testid="loading"]')) ||
        visible(document.querySelector('main section.screen'))
      );
    },
    'shell-preload': () => checks.shell(),
    'shell-own': () => checks.shell(),
    overview: () => {
      if (!visible(document.querySelector('[data-testid="balance-row"]'))) return false;
      const refresh = [...document.querySelectorAll('button')].find(
        (b) => b.textContent?.trim() === 'Refresh',
      );
      return !!refresh && !refresh.disabled && visible(refresh);
    },
  };
  const at: Partial<Record<ReadyProbe, number>> = {};
  window.__benchReadyAt = at;
  const waiting = new Set(probes);
  let checkQueued = false;
  const check = () => {
    checkQueued = false;
    for (const probe of [...waiting]) {
      if (!checks[probe]()) continue;
      waiting.delete(probe);
      at[probe] = performance.now();
    }
    if (waiting.size === 0) observer.disconnect();
  };
  const observer = new MutationObserver(() => {
    if (checkQueued) return;
    checkQueued = true;
    requestAnimationFrame(check);
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

async function loadOnce(browser: Browser, { url, probes, preload }: LoadTarget) {
  const context = await newBenchContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript(installProbes, probes);
    if (preload) await page.addInitScript({ path: preload });
    await page.goto(url);
    await page.waitForFunction(
      (wanted) => wanted.every((p) => window.__benchReadyAt?.[p] !== undefined),
      probes,
      { timeout: 30_000 },
    );
    const at = await page.evaluate(() => window.__benchReadyAt!);
    return probes.map((p) => Math.round(at[p]! * 10) / 10);
  } finally {
    await context.close();
  }
}

export interface LoadTarget {
  url: string;
  probes: ReadyProbe[];
  /**
   * A script run in every new document before its HTML is parsed and before any page script, with no
   * request for it: what Electron does with a window's preload (it hands the renderer the preload's
   * source and runs it as the document's script context is created). Its compile and run are paid
   * where Electron pays them. A `<script src>` in the page instead (as this bench did first) adds a
   * request Electron never makes and blocks the parser on it, while Chromium's preload scanner holds
   * every later request behind the page's CSP `<meta>`: the app's own scripts and styles were only
   * requested once the stand-in had arrived and run (index.js requested 60-70 ms later than
   * without it). Inlining it instead costs 10-20 ms of HTML tokenising of its 147 KB, which Electron
   * does not have either.
   */
  preload?: string;
}

/**
 * Median time from navigation to each probe of each page over `runs` cold loads, each in a fresh
 * browser context (no cache, no storage), after one discarded warm-up load of each so no server is
 * measured cold. The pages take turns, load by load, so a busy spell on this shared machine falls on
 * both sides of a ratio rather than on one; and each round starts one page further on, so each page
 * follows each of the others equally often (the previous page's teardown, its renderer exiting and
 * Chromium starting a spare one, falls on no page more than on another).
 */
export async function timeToInteractive(
  browser: Browser,
  targets: LoadTarget[],
  runs: number,
): Promise<Partial<Record<ReadyProbe, InteractiveResult>>> {
  const times = new Map<ReadyProbe, number[]>();
  for (let i = 0; i <= runs; i++)
    for (let turn = 0; turn < targets.length; turn++) {
      const target = targets[(i + turn) % targets.length]!;
      const at = await loadOnce(browser, target);
      if (i > 0) target.probes.forEach((p, k) => times.set(p, [...(times.get(p) ?? []), at[k]!]));
    }
  return Object.fromEntries([...times].map(([p, runs]) => [p, { runs, medianMs: median(runs) }]));
}

/**
 * The pages the start figures load. Judged, taking turns: the bare React page, and the app with the
 * stand-in preload (`preload`, a script file: electron-door/door.ts) run at document start, as
 * Electron runs the real one, and without it. Then, in a rotation of its own, the app through the
 * test host (its bridge and IPC over HTTP), for the overview's data. Its server is this Node
 * process, which also drives the browser; apart, the work its page and server do around its load
 * cannot fall on one judged page more than on another (in the judged rotation it always came just
 * before the bare page).
 *
 * The bare page and the app are opened as files (`bareDir`, `appDir`: built folders), as Electron's
 * loadFile opens the app: nothing between the files and the page. From a loopback server in this
 * Node process (as first measured) every request also waited on a process that is busy driving the
 * browser, which cost the app's five first files more than the bare page's two.
 */
export function startTargets(dirs: StartDirs): { judged: LoadTarget[]; host: LoadTarget[] } {
  const app = `${pathToFileURL(`${dirs.appDir}/index.html`).href}#/overview`;
  return {
    judged: [
      { url: pathToFileURL(`${dirs.bareDir}/index.html`).href, probes: ['bare'] },
      { url: app, probes: ['shell-preload'], preload: dirs.preload },
      // Its screens say they "could not reach the main process", but the shell and skeleton come first.
      { url: app, probes: ['shell-own'] },
    ],
    host: [{ url: dirs.host, probes: ['shell', 'overview'] }],
  };
}

interface StartDirs {
  host: string;
  bareDir: string;
  appDir: string;
  preload: string;
}

/** Every start figure: the judged pages' rotation (`runs.judged` loads each), then the host page's. */
export async function startTimes(browser: Browser, dirs: StartDirs, runs: { judged: number; host: number }) {
  const targets = startTargets(dirs);
  return {
    ...(await timeToInteractive(browser, targets.judged, runs.judged)),
    ...(await timeToInteractive(browser, targets.host, runs.host)),
  };
}
