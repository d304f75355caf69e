import { chromium } from '@playwright/test';
import { existsSync } from 'node:fs';

/**
 * The one place that decides which Chromium the end-to-end specs, the Playwright config and the
 * renderer bench start. CI (Debian) uses the distribution's Chromium; a macOS or Windows development
 * machine uses Playwright's own download (`npx playwright install chromium`); with neither, the run
 * stops with one line that says what to install.
 */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * Debian's build of Chromium's headless shell (package chromium-headless-shell), preferred when
 * installed: it is the browser Playwright itself starts for headless runs, without the full browser's
 * window machinery. Same Blink and V8 as the full one; on this 2-core machine 32 specs took 15% less
 * CPU in it (101 s against 117 s, two runs each) and 15% less time.
 */
export const DEBIAN_HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

export const CHROMIUM_MISSING =
  'No Chromium for the end-to-end specs: run `npx playwright install chromium` ' +
  '(or on Debian `apt-get install chromium`, or set CHROMIUM_PATH to a Chromium executable).';

export type ChromiumChoice =
  /** `executablePath` undefined means Playwright launches its own downloaded browser. */
  | {
      ok: true;
      source: 'CHROMIUM_PATH' | 'debian-headless-shell' | 'debian' | 'playwright';
      executablePath: string | undefined;
    }
  | { ok: false; message: string };

type Machine = {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  exists: (path: string) => boolean;
  /** Where Playwright's own Chromium would be; it may not have been downloaded. */
  playwrightChromium: () => string;
};

const thisMachine: Machine = {
  env: process.env,
  platform: process.platform,
  exists: existsSync,
  playwrightChromium: () => chromium.executablePath(),
};

export function resolveChromium(machine: Machine = thisMachine): ChromiumChoice {
  const chosen = machine.env.CHROMIUM_PATH;
  if (chosen) {
    return machine.exists(chosen)
      ? { ok: true, source: 'CHROMIUM_PATH', executablePath: chosen }
      : { ok: false, message: `CHROMIUM_PATH points to ${chosen}, which does not exist.` };
  }
  if (machine.platform === 'linux' && machine.exists(DEBIAN_HEADLESS_SHELL)) {
    return { ok: true, source: 'debian-headless-shell', executablePath: DEBIAN_HEADLESS_SHELL };
  }
  if (machine.platform === 'linux' && machine.exists(DEBIAN_CHROMIUM)) {
    return { ok: true, source: 'debian', executablePath: DEBIAN_CHROMIUM };
  }
  if (machine.exists(machine.playwrightChromium())) {
    return { ok: true, source: 'playwright', executablePath: undefined };
  }
  return { ok: false, message: CHROMIUM_MISSING };
}

/**
 * Launch arguments for every browser test and bench. Without the background-networking flags Chromium
 * keeps trying to reach Google's hosts, which a closed CI network refuses.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-gpu',
  '--no-first-run',
  '--disable-sync',
];

/** Whether a `playwright test` command line will run the browser project (all projects run by default). */
export function runsChromiumProject(argv: readonly string[]): boolean {
  const projects: string[] = [];
  argv.forEach((arg, i) => {
    if (arg.startsWith('--project=')) projects.push(arg.slice('--project='.length));
    else if (arg === '--project' && argv[i + 1]) projects.push(argv[i + 1]!);
  });
  return projects.length === 0 || projects.includes('chromium');
}

/** For the bench and other direct launches: the executable, or a one-line error when there is none. */
export function chromiumExecutable(machine: Machine = thisMachine): string | undefined {
  const choice = resolveChromium(machine);
  if (!choice.ok) throw new Error(choice.message);
  return choice.executablePath;
}
