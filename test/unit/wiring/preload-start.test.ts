import { readFileSync } from 'node:fs';
import { createContext, runInContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILT_PRELOAD, ensureBuilt } from '../../helpers/built-app/build';

/**
 * The built preload runs before the page's first script, so loading it must not initialise zod or
 * build a schema: the bundle keeps the contract behind a deferred init that the first answer runs.
 * Run in a fresh context, the marker is zod's shared config object, which zod's core module puts on
 * its global when it is first evaluated (and only then).
 */
type Verb = (request?: unknown) => Promise<{ ok: boolean; error?: { kind: string } }>;

function loadBuiltPreload(answer: unknown) {
  const exposed = new Map<string, unknown>();
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
    ipcRenderer: { invoke: async () => answer, on: () => {}, removeListener: () => {} },
  };
  const context = createContext({ URL, TextEncoder, TextDecoder, console });
  const wrapper = runInContext(
    `(function (require, exports, module) {\n${readFileSync(BUILT_PRELOAD, 'utf8')}\n})`,
    context,
    { filename: BUILT_PRELOAD },
  ) as (require: (id: string) => unknown, exports: object, module: object) => void;
  const module = { exports: {} };
  wrapper((id) => (id === 'electron' ? electron : undefined), module.exports, module);
  const merchant = exposed.get('merchant') as Record<string, Record<string, Verb>>;
  return {
    merchant,
    zodStarted: () => (context as { __zod_globalConfig?: unknown }).__zod_globalConfig !== undefined,
  };
}

beforeAll(() => ensureBuilt(), 60_000);

describe('the built preload at start', () => {
  it('exposes every verb without starting zod; the first answer builds the schemas and is checked', async () => {
    const good = loadBuiltPreload({
      ok: true,
      data: { version: '1.0.0', platform: 'linux', sandboxUrl: null },
    });
    expect(good.zodStarted()).toBe(false);
    await expect(good.merchant.app!.info!()).resolves.toMatchObject({ ok: true });
    expect(good.zodStarted()).toBe(true);

    const bad = loadBuiltPreload({ ok: true, data: { version: 1 } });
    expect(bad.zodStarted()).toBe(false);
    await expect(bad.merchant.app!.info!()).resolves.toMatchObject({
      ok: false,
      error: { kind: 'malformed-answer' },
    });
  });
});
