import { describe, expect, it } from 'vitest';
import {
  keepDevToolsClosed,
  mainWindowPreferences,
  refusedDebugSwitch,
  type DebugGuardApp,
} from '@main/security/debug-guard';
import { SECURE_WEB_PREFERENCES } from '@main/security/window-policy';

/** Electron's app as index.ts sees it: packaged or not, and the switches Chromium parsed. */
function standInApp(isPackaged: boolean, switches: string[] = []): DebugGuardApp {
  return { isPackaged, commandLine: { hasSwitch: (name) => switches.includes(name) } };
}

describe('no debugging in a packaged build', () => {
  it('refuses remote debugging and inspector switches, however they were given', () => {
    expect(refusedDebugSwitch(standInApp(true, ['remote-debugging-port']), ['/app'])).toBe(
      '--remote-debugging-port',
    );
    expect(refusedDebugSwitch(standInApp(true), ['/app', '--inspect=9229'])).toBe('--inspect');
    expect(refusedDebugSwitch(standInApp(true), ['/app', '--inspect-brk'])).toBe('--inspect-brk');
    expect(refusedDebugSwitch(standInApp(true), ['/app', '--remote-debugging-pipe'])).toBe(
      '--remote-debugging-pipe',
    );
    expect(refusedDebugSwitch(standInApp(true), ['/app', '--lang=de'])).toBeNull();
  });

  it('issue 26 item 6: refuses any switch not on its allow-list, not only the debuggers it knows', () => {
    const packaged = standInApp(true);
    // Each of these opens a way in that no list of names had: V8 flags, DevTools targets, host rewrites.
    for (const arg of [
      '--js-flags=--allow-natives-syntax',
      '--remote-debugging-targets=127.0.0.1:9222',
      '--host-resolver-rules=MAP * 127.0.0.1',
      '--disable-web-security',
      '--no-sandbox',
      '-inspect=9229',
    ])
      expect(refusedDebugSwitch(packaged, ['/app', arg]), arg).toBe(`--${/^--?([^=]+)/.exec(arg)![1]}`);
    // The ordinary ones a desktop start passes stay allowed: a language, a display hint, the macOS
    // process serial number, a file or URL to open.
    for (const arg of ['--lang=de', '--ozone-platform-hint=auto', '-psn_0_12345', 'merchant-desk://x'])
      expect(refusedDebugSwitch(packaged, ['/app', arg]), arg).toBeNull();
  });

  it('leaves a development build alone', () => {
    expect(refusedDebugSwitch(standInApp(false, ['remote-debugging-port']), ['--inspect'])).toBeNull();
  });

  it('turns DevTools off in the packaged window, keeping every secure preference', () => {
    const packaged = mainWindowPreferences(standInApp(true), '/app/preload/index.cjs');
    expect(packaged).toMatchObject({ ...SECURE_WEB_PREFERENCES, devTools: false });
    expect(packaged.preload).toBe('/app/preload/index.cjs');
    expect(mainWindowPreferences(standInApp(false), '/p').devTools).toBe(true);
  });

  it('closes DevTools that open anyway in a packaged build', () => {
    const listeners: Array<() => void> = [];
    let closed = 0;
    const contents = {
      on: (_event: 'devtools-opened', listener: () => void) => listeners.push(listener),
      closeDevTools: () => closed++,
    };
    keepDevToolsClosed(standInApp(true), contents);
    for (const listener of listeners) listener();
    expect(closed).toBe(1);
    keepDevToolsClosed(standInApp(false), contents);
    expect(listeners).toHaveLength(1);
  });
});
