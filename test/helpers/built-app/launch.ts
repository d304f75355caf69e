import { mkdtempSync } from 'node:fs';
import { register } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { constants, Script } from 'node:vm';
import type { KeytarLike } from '@main/secrets/keytar-store';
import { createElectronStandIn, type ElectronStandIn, type StandInOptions } from '../electron-stand-in';
import { APP_ENTRY_URL } from '@main/security/app-protocol';
import { BUILT_MAIN, ROOT } from './build';

/**
 * Runs the built main bundle (out/main/index.js) in this Node process, as Electron's Node would load
 * it (Node's own ESM loader, the real better-sqlite3, zod and the rest from node_modules), with the
 * `electron` import answered by the stand-in and `keytar` by an in-memory keychain: the test machine
 * may have no Secret Service, and the wiring, not the keychain, is what is under test here.
 */
export interface BuiltApp extends ElectronStandIn {
  userData: string;
  keychain: Map<string, string>;
  /** The page main trusts: the built renderer, as the app's own scheme serves it (app://desk/). */
  pageUrl: string;
}

/** What main sees of a call from the app's own window: its first web contents, top frame, its page. */
export const trustedSender = (app: BuiltApp) => ({
  sender: { id: app.contents[0]!.id },
  senderFrame: { url: app.pageUrl, parent: null },
});

const GLOBAL = Symbol.for('merchant-desk.stand-in');
let registered = false;
let runs = 0;
// Through Node's loader, not the test runner's: the bundle must load exactly as Electron would load it.
const nativeImport = new Script('(url) => import(url)', {
  importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
}).runInThisContext() as (url: string) => Promise<unknown>;

function memoryKeytar(keychain: Map<string, string>): KeytarLike {
  const key = (service: string, account: string) => `${service}\n${account}`;
  return {
    getPassword: async (service, account) => keychain.get(key(service, account)) ?? null,
    setPassword: async (service, account, password) => void keychain.set(key(service, account), password),
    deletePassword: async (service, account) => keychain.delete(key(service, account)),
  };
}

export async function launchBuiltApp(
  options: Partial<StandInOptions> = {},
  /** Sees the stand-in before the bundle does (the start-up benchmark times what the entry calls). */
  observe?: (standIn: ElectronStandIn) => void,
): Promise<BuiltApp> {
  const userData = options.userData ?? mkdtempSync(join(tmpdir(), 'md-wiring-'));
  const standIn = createElectronStandIn({ ...options, userData });
  observe?.(standIn);
  const keychain = new Map<string, string>();
  const keytar = memoryKeytar(keychain);
  if (!registered) {
    register(new URL('./stand-in-hooks.mjs', import.meta.url), {
      data: {
        scope: pathToFileURL(join(ROOT, 'out')).href + '/',
        exportsOf: { electron: Object.keys(standIn.electron), keytar: Object.keys(keytar) },
      },
    });
    registered = true;
  }
  (globalThis as Record<symbol, unknown>)[GLOBAL] = { electron: standIn.electron, keytar };
  await nativeImport(`${pathToFileURL(BUILT_MAIN).href}?run=${++runs}`);
  const deadline = Date.now() + 15_000;
  while (standIn.record.windows.length === 0 && standIn.record.exitCode === undefined) {
    if (Date.now() > deadline) throw new Error('the built app neither showed a window nor exited');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { ...standIn, userData, keychain, pageUrl: APP_ENTRY_URL };
}

/** Quits a run the way the app does (if it is still running) and waits until it has. */
export async function quitBuiltApp(app: BuiltApp): Promise<void> {
  if (app.record.exitCode === undefined && !app.record.quit) app.electron.app.quit();
  await app.done;
}
