import { SECURE_WEB_PREFERENCES } from './window-policy';

/**
 * A packaged app runs with no debugger attached: DevTools or a remote-debugging port would let any
 * process of the same user drive the window and the main process that holds the API key. The fuses
 * (build/fuses.json) already make Node ignore --inspect; these are the switches Chromium honours.
 */
const DEBUG_SWITCHES: ReadonlySet<string> = new Set([
  'remote-debugging-port',
  'remote-debugging-pipe',
  'remote-debugging-address',
  'remote-allow-origins',
  'inspect',
  'inspect-brk',
  'inspect-port',
  'inspect-publish-uid',
  'debug',
  'debug-brk',
]);

/**
 * The only switches a packaged build starts with (issue 26): a list of debuggers always missed one
 * (--js-flags, --remote-debugging-targets, --host-resolver-rules, --no-sandbox...). A language and the
 * Linux display hints change nothing about who can reach main; macOS adds -psn_<serial> itself.
 */
const ALLOWED_SWITCHES: ReadonlySet<string> = new Set([
  'lang',
  'ozone-platform',
  'ozone-platform-hint',
  'enable-wayland-ime',
  'force-device-scale-factor',
]);
const allowed = (name: string) => ALLOWED_SWITCHES.has(name) || /^psn_\d+_\d+$/.test(name);

/** The slice of Electron's `app` this needs; tests pass a stand-in. */
export interface DebugGuardApp {
  isPackaged: boolean;
  commandLine: { hasSwitch(name: string): boolean };
}

/**
 * The switch a packaged app must not run with: a debugger as Chromium parsed it, or any switch in
 * argv that is not on the allow-list. Null when there is none or the app is a development build.
 */
export function refusedDebugSwitch(app: DebugGuardApp, argv: readonly string[]): string | null {
  if (!app.isPackaged) return null;
  for (const name of DEBUG_SWITCHES) if (app.commandLine.hasSwitch(name)) return `--${name}`;
  for (const arg of argv) {
    const name = /^--?([^=]+)/.exec(arg)?.[1];
    if (name !== undefined && !allowed(name.toLowerCase())) return `--${name}`;
  }
  return null;
}

/** The main window's preferences: the secure set, and DevTools only in a development build. */
export function mainWindowPreferences(app: Pick<DebugGuardApp, 'isPackaged'>, preload: string) {
  return { ...SECURE_WEB_PREFERENCES, devTools: !app.isPackaged, preload };
}

/** What keepDevToolsClosed needs of a webContents. */
export interface DevToolsHost {
  on(event: 'devtools-opened', listener: () => void): unknown;
  closeDevTools(): void;
}

/** In a packaged build DevTools that open anyway (a shortcut, an extension) are closed at once. */
export function keepDevToolsClosed(app: Pick<DebugGuardApp, 'isPackaged'>, contents: DevToolsHost): void {
  if (app.isPackaged) contents.on('devtools-opened', () => contents.closeDevTools());
}
