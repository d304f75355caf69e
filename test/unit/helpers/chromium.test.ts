import { describe, expect, it } from 'vitest';
import {
  CHROMIUM_MISSING,
  DEBIAN_CHROMIUM,
  DEBIAN_HEADLESS_SHELL,
  chromiumExecutable,
  resolveChromium,
  runsChromiumProject,
} from '@test/helpers/chromium';

const PLAYWRIGHT_OWN = '/home/dev/.cache/ms-playwright/chromium-1/chrome-linux64/chrome';

/** A machine where exactly `present` exist on disk. */
const machine = (
  present: string[],
  env: Record<string, string> = {},
  platform: NodeJS.Platform = 'linux',
) => ({
  env,
  platform,
  exists: (path: string) => present.includes(path),
  playwrightChromium: () => PLAYWRIGHT_OWN,
});

describe('which Chromium the end-to-end specs start', () => {
  it("picks Debian's Chromium when it is installed, even if Playwright's is too", () => {
    expect(resolveChromium(machine([DEBIAN_CHROMIUM, PLAYWRIGHT_OWN]))).toEqual({
      ok: true,
      source: 'debian',
      executablePath: DEBIAN_CHROMIUM,
    });
  });

  it("prefers Debian's headless shell to its full Chromium, as Playwright prefers its own shell", () => {
    expect(resolveChromium(machine([DEBIAN_CHROMIUM, DEBIAN_HEADLESS_SHELL, PLAYWRIGHT_OWN]))).toEqual({
      ok: true,
      source: 'debian-headless-shell',
      executablePath: DEBIAN_HEADLESS_SHELL,
    });
  });

  it("falls back to Playwright's own download, letting Playwright choose its executable", () => {
    expect(resolveChromium(machine([PLAYWRIGHT_OWN]))).toEqual({
      ok: true,
      source: 'playwright',
      executablePath: undefined,
    });
  });

  it("does not look for Debian's Chromium on macOS or Windows", () => {
    for (const platform of ['darwin', 'win32'] as const) {
      expect(resolveChromium(machine([DEBIAN_CHROMIUM, DEBIAN_HEADLESS_SHELL], {}, platform))).toEqual({
        ok: false,
        message: CHROMIUM_MISSING,
      });
    }
  });

  it('with neither, gives one line that says what to install', () => {
    const choice = resolveChromium(machine([]));
    expect(choice).toEqual({ ok: false, message: CHROMIUM_MISSING });
    expect(CHROMIUM_MISSING).not.toContain('\n');
    expect(CHROMIUM_MISSING).toContain('npx playwright install chromium');
    expect(() => chromiumExecutable(machine([]))).toThrow(CHROMIUM_MISSING);
  });

  it('CHROMIUM_PATH wins when it exists, and is reported when it does not', () => {
    const mine = 'C:\\Chromium\\chrome.exe';
    expect(resolveChromium(machine([mine, DEBIAN_CHROMIUM], { CHROMIUM_PATH: mine }))).toEqual({
      ok: true,
      source: 'CHROMIUM_PATH',
      executablePath: mine,
    });
    expect(resolveChromium(machine([DEBIAN_CHROMIUM], { CHROMIUM_PATH: mine }))).toEqual({
      ok: false,
      message: `CHROMIUM_PATH points to ${mine}, which does not exist.`,
    });
  });
});

describe('whether a playwright command line runs the browser project', () => {
  it.each([
    [['test'], true],
    [['test', '--project=chromium', 'x.spec.ts'], true],
    [['test', '--project', 'chromium'], true],
    [['test', '--project=electron'], false],
    [['test', '--project', 'electron'], false],
  ])('%j -> %s', (argv, expected) => {
    expect(runsChromiumProject(['node', 'playwright', ...argv])).toBe(expected);
  });
});
