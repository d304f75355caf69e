import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { readReleaseInputs, releaseDefines, whyNoRelease } from '../../../scripts/release-inputs.mjs';
import { publicKeyBase64Of } from '../../../scripts/sign-release';

const SCRIPT = fileURLToPath(new URL('../../../scripts/release-inputs.mjs', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'md-release-inputs-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let count = 0;

const newKey = () =>
  publicKeyBase64Of(
    generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  );

/** A checkout with build/release-key.pub and build/update-feed.txt as given (undefined: absent). */
function checkout(files: { key?: string; feed?: string }): string {
  const root = join(scratch, String(++count));
  mkdirSync(join(root, 'build'), { recursive: true });
  if (files.key !== undefined) writeFileSync(join(root, 'build/release-key.pub'), files.key);
  if (files.feed !== undefined) writeFileSync(join(root, 'build/update-feed.txt'), files.feed);
  return root;
}

describe("a build's release key and update server", () => {
  it('reads both from build/, one line each', () => {
    const key = newKey();
    const root = checkout({ key: `${key}\n`, feed: 'https://updates.desk.test.com/desk/\n' });
    expect(readReleaseInputs(root)).toEqual({
      publicKey: key,
      feedUrl: 'https://updates.desk.test.com/desk/',
      missing: [],
    });
  });

  it('has neither without the files (updates off), and names what is missing', () => {
    const inputs = readReleaseInputs(checkout({ feed: '  \n' }));
    expect(inputs).toMatchObject({ publicKey: null, feedUrl: null });
    expect(inputs.missing).toEqual([
      "build/release-key.pub (the release key's public half)",
      "build/update-feed.txt (the update server's address)",
    ]);
  });

  it('refuses a file that is there but wrong, rather than building without it', () => {
    const feed = 'https://updates.desk.test.com/';
    expect(() => readReleaseInputs(checkout({ key: 'not a key', feed }))).toThrow(/32 bytes in base64/);
    expect(() => readReleaseInputs(checkout({ key: Buffer.alloc(31).toString('base64'), feed }))).toThrow(
      /32 bytes/,
    );
    const key = newKey();
    for (const [bad, why] of [
      ['http://updates.desk.test.com/', /https only/],
      ['https://updates.merchantdesk.example/desk/', /placeholder name/],
      ['https://updates.invalid/', /placeholder name/],
      ['https://user:pw@updates.desk.test.com/', /no credentials/],
      ['https://updates.desk.test.com/desk', /ends in "\/"/],
      ['updates', /must hold the update server's address/],
    ] as const)
      expect(() => readReleaseInputs(checkout({ key, feed: bad })), bad).toThrow(why);
  });

  it('is built into main: with the files the bundle carries them, without them it carries null', async () => {
    const key = newKey();
    const bundle = async (inputs: { publicKey: string | null; feedUrl: string | null }) => {
      const outDir = join(scratch, `bundle-${++count}`);
      // The same define electron.vite.config.ts gives main, over the two modules that read it.
      await build({
        configFile: false,
        logLevel: 'silent',
        define: releaseDefines(inputs),
        build: {
          outDir,
          minify: false,
          lib: {
            entry: {
              key: join(ROOT, 'src-main/update/release-key.ts'),
              feed: join(ROOT, 'src-main/update/feed.ts'),
            },
            formats: ['es'],
          },
          rollupOptions: { external: [/^node:/, 'zod', 'js-yaml'] },
        },
        resolve: { alias: { '@shared': join(ROOT, 'src-shared'), '@main': join(ROOT, 'src-main') } },
      });
      const load = async (name: string) =>
        (await import(pathToFileURL(join(outDir, `${name}.js`)).href)) as Record<string, unknown>;
      return { ...(await load('key')), ...(await load('feed')) };
    };
    expect(await bundle({ publicKey: key, feedUrl: 'https://u.desk.test.com/' })).toMatchObject({
      RELEASE_PUBLIC_KEY: key,
      UPDATE_FEED_URL: 'https://u.desk.test.com/',
    });
    expect(await bundle({ publicKey: null, feedUrl: null })).toMatchObject({
      RELEASE_PUBLIC_KEY: null,
      UPDATE_FEED_URL: null,
    });
    // And electron-vite's configuration gives main exactly that define, from this checkout's build/.
    const config = (await import('../../../electron.vite.config')).default as {
      main: { define: Record<string, string> };
    };
    expect(config.main.define).toEqual(releaseDefines(readReleaseInputs()));
  });
});

describe('the release preflight (node scripts/release-inputs.mjs --require)', () => {
  it('refuses a release with no key or no update server, saying which and why', () => {
    const why = whyNoRelease(checkout({ feed: 'https://updates.desk.test.com/' }));
    expect(why).toMatch(
      /^A release build updates itself only with its release key and update server, and these are not committed: build\/release-key\.pub .*every desk would have updates off/,
    );
    expect(why).not.toContain('update-feed.txt');
    expect(whyNoRelease(checkout({ key: newKey() }))).toMatch(/build\/update-feed\.txt/);
    expect(whyNoRelease(checkout({ key: 'x', feed: 'https://updates.desk.test.com/' }))).toMatch(/32 bytes/);
    expect(whyNoRelease(checkout({ key: newKey(), feed: 'https://updates.desk.test.com/' }))).toBeNull();
  });

  it('exits 1 with the reason from the command line, in this checkout as it is', () => {
    const run = spawnSync(process.execPath, [SCRIPT, '--require'], { cwd: ROOT, encoding: 'utf8' });
    const why = whyNoRelease();
    expect(run.status).toBe(why === null ? 0 : 1);
    if (why) expect(run.stderr.trim()).toBe(why);
    expect(spawnSync(process.execPath, [SCRIPT], { encoding: 'utf8' }).status).toBe(2);
  });
});
