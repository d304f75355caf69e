import { readFileSync } from 'node:fs';
import { createContext, runInContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILT_PRELOAD, ensureBuilt } from '@test/helpers/built-app/build';

/**
 * The built preload runs before the page's first script on every start, so it holds no zod and no
 * schema: it passes answers through, and the renderer checks them (src-renderer/src/lib/merchant-api.ts).
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
  it('exposes every verb and passes answers through as sent, never starting zod', async () => {
    const answer = { ok: true, data: { version: 1 } };
    const preload = loadBuiltPreload(answer);
    await expect(preload.merchant.app!.info!()).resolves.toEqual(answer);
    expect(preload.zodStarted()).toBe(false);
  });

  it('is a small file with no schema code in it', () => {
    const source = readFileSync(BUILT_PRELOAD, 'utf8');
    expect(source).not.toMatch(/ZodError|safeParse|__zod_globalConfig/);
    expect(source.length).toBeLessThan(8_000);
  });
});
