import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { compileFunction } from 'node:vm';
import type { IpcSenderEvent } from '@main/security/sender';
import { SENT, type ElectronStandIn, type StandInWebContents } from '../electron-stand-in';

/**
 * Runs the built preload (out/preload/index.cjs) the way Electron runs a sandboxed preload: wrapped in
 * a function that receives a `require` limited to 'electron' and the few modules Electron polyfills
 * ('events', 'timers', 'url'); anything else fails as it would in the app ("module not found"). Its
 * `electron` is the renderer side of the stand-in: contextBridge records what is exposed, and
 * ipcRenderer reaches main's handlers with the event of the window's top-level frame.
 */
const POLYFILLED = new Set(['events', 'timers', 'url']);

export interface PreloadRun {
  /** Every module the preload asked for, allowed or not, in order. */
  required: string[];
  /** What the preload put on the page's window, by key. */
  exposed: Map<string, unknown>;
  /** Every channel the page invoked through ipcRenderer, in order. */
  invoked: string[];
}

export function runSandboxedPreload(
  file: string,
  main: Pick<ElectronStandIn, 'invoke'>,
  page: { contents: StandInWebContents; url: string },
): PreloadRun {
  const required: string[] = [];
  const exposed = new Map<string, unknown>();
  const invoked: string[] = [];
  const event: IpcSenderEvent = {
    sender: { id: page.contents.id },
    senderFrame: { url: page.url, parent: null },
  };
  const listeners = new Map<(...args: unknown[]) => void, (channel: string, payload: unknown) => void>();
  const electron = {
    contextBridge: {
      exposeInMainWorld: (key: string, api: unknown) => {
        if (exposed.has(key)) throw new Error(`Cannot bind an API on top of an existing property: ${key}`);
        exposed.set(key, api);
      },
    },
    ipcRenderer: {
      invoke: (channel: string, payload: unknown) => {
        invoked.push(channel);
        return main.invoke(channel, event, payload);
      },
      on(channel: string, listener: (event: unknown, payload: unknown) => void) {
        const relay = (sent: string, payload: unknown) => sent === channel && listener({}, payload);
        listeners.set(listener as never, relay);
        page.contents.on(SENT, relay);
        return this;
      },
      removeListener(_channel: string, listener: (...args: unknown[]) => void) {
        const relay = listeners.get(listener);
        if (relay) page.contents.off(SENT, relay);
        listeners.delete(listener);
        return this;
      },
    },
  };
  const nodeRequire = createRequire(file);
  const sandboxedRequire = (id: string) => {
    required.push(id);
    const bare = id.replace(/^node:/, '');
    if (bare === 'electron') return electron;
    if (POLYFILLED.has(bare)) return nodeRequire(bare);
    throw new Error(`module not found: ${id}`);
  };
  const params = [
    'require',
    'process',
    'Buffer',
    'global',
    'setImmediate',
    'clearImmediate',
    'exports',
    'module',
  ];
  const wrapper = compileFunction(readFileSync(file, 'utf8'), params, { filename: file });
  const module = { exports: {} };
  // A sandboxed page's process object: no env, no versions of Node to exploit, no binding.
  const process = { platform: globalThis.process.platform, env: {}, argv: [] };
  wrapper(
    sandboxedRequire,
    process,
    Buffer,
    globalThis,
    setImmediate,
    clearImmediate,
    module.exports,
    module,
  );
  return { required, exposed, invoked };
}
