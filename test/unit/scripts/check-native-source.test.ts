import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkNativeSource,
  checkPacked,
  nativePackages,
  prebuildCache,
} from '../../../scripts/check-native-source.mjs';

// Throwaway node_modules trees shaped like what a compile and what prebuild-install leave behind.
const scratch = mkdtempSync(join(tmpdir(), 'md-native-source-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let count = 0;

function tree(files: Record<string, string>): { modules: string; cache: string } {
  const root = join(scratch, String(++count));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return { modules: join(root, 'node_modules'), cache: join(root, 'npm-cache/_prebuilds') };
}

/** What node-gyp leaves on Linux and macOS (make), or on Windows (a Visual Studio project). */
const compiled = (name: string, addon: string, windows = false): Record<string, string> => ({
  [`node_modules/${name}/package.json`]: '{}',
  [`node_modules/${name}/build/config.gypi`]: '{}',
  ...(windows
    ? {
        [`node_modules/${name}/build/binding.sln`]: '',
        [`node_modules/${name}/build/Release/obj/${name}/main.obj`]: 'obj',
      }
    : {
        [`node_modules/${name}/build/Makefile`]: '',
        [`node_modules/${name}/build/Release/obj.target/${name}/src/main.o`]: 'obj',
        [`node_modules/${name}/build/Release/obj.target/${addon}`]: `${name} compiled`,
      }),
  [`node_modules/${name}/build/Release/${addon}`]: `${name} compiled`,
});
/** What prebuild-install's download leaves: the addon alone. */
const prebuilt = (name: string, addon: string): Record<string, string> => ({
  [`node_modules/${name}/package.json`]: '{}',
  [`node_modules/${name}/build/Release/${addon}`]: `${name} downloaded`,
});
const PACKAGES = ['better-sqlite3', 'keytar'];
const check = (files: Record<string, string>) => checkNativeSource({ ...tree(files), packages: PACKAGES });

describe('checkNativeSource', () => {
  it('passes addons compiled here, on make and on Visual Studio, and lists their hashes', () => {
    const result = check({
      ...compiled('better-sqlite3', 'better_sqlite3.node'),
      ...compiled('keytar', 'keytar.node', true),
      // @electron/rebuild's copy of its result is the same bytes.
      'node_modules/keytar/bin/win32-x64-140/keytar.node': 'keytar compiled',
    });
    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.addons.map((a) => a.path)).toEqual([
      'better-sqlite3/build/Release/better_sqlite3.node',
      'keytar/build/Release/keytar.node',
    ]);
    expect(result.addons[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('fails an addon with no compile behind it (a prebuilt download)', () => {
    const result = check({
      ...compiled('better-sqlite3', 'better_sqlite3.node'),
      ...prebuilt('keytar', 'keytar.node'),
    });
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([
      'keytar: no sign of a compile here (missing build/config.gypi, a Makefile or Visual Studio project, object files): its addon was not built from source',
    ]);
  });

  it("fails when npm's cache holds a prebuilt download, even if the tree was compiled", () => {
    const result = check({
      ...compiled('better-sqlite3', 'better_sqlite3.node'),
      ...compiled('keytar', 'keytar.node'),
      'npm-cache/_prebuilds/3f2a9c-keytar-v7.9.0-electron-v140-linux-x64.tar.gz': 'tgz',
    });
    expect(result.ok).toBe(false);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatch(
      /^a prebuilt binary was fetched: .*_prebuilds[\\/]3f2a9c-keytar-v7\.9\.0-electron-v140-linux-x64\.tar\.gz/,
    );
  });

  it('fails an addon outside build/Release that the compile did not produce (prebuildify, node-pre-gyp)', () => {
    const result = check({
      ...compiled('better-sqlite3', 'better_sqlite3.node'),
      ...compiled('keytar', 'keytar.node'),
      'node_modules/keytar/prebuilds/linux-x64/node.napi.node': 'someone else',
    });
    expect(result.problems).toEqual([
      'keytar: keytar/prebuilds/linux-x64/node.napi.node is an addon that this build did not produce',
    ]);
  });

  it('fails a package that is missing or has no addon', () => {
    const result = check({
      'node_modules/better-sqlite3/package.json': '{}',
      'node_modules/better-sqlite3/build/config.gypi': '{}',
    });
    expect(result.problems).toContain('better-sqlite3: no compiled addon in build/Release');
    expect(result.problems.some((p) => p.startsWith('keytar: not installed in '))).toBe(true);
  });
});

describe('checkPacked', () => {
  const UNPACKED = 'dist/linux-unpacked/resources/app.asar.unpacked/node_modules';
  const packedTree = (files: Record<string, string>) => {
    const { modules } = tree({
      ...compiled('better-sqlite3', 'better_sqlite3.node'),
      ...compiled('keytar', 'keytar.node'),
      ...files,
    });
    const { addons } = checkNativeSource({ modules, packages: PACKAGES, cache: join(scratch, 'none') });
    return { packed: join(modules, '..', 'dist'), packages: PACKAGES, addons };
  };

  it('passes installers that carry, byte for byte, the addons compiled here', () => {
    const packed = packedTree({
      [`${UNPACKED}/better-sqlite3/build/Release/better_sqlite3.node`]: 'better-sqlite3 compiled',
      [`${UNPACKED}/keytar/build/Release/keytar.node`]: 'keytar compiled',
    });
    expect(checkPacked(packed)).toEqual([]);
  });

  it('fails a packed addon that differs, one not compiled here, and a package not packed at all', () => {
    const problems = checkPacked(
      packedTree({
        [`${UNPACKED}/keytar/build/Release/keytar.node`]: 'keytar swapped after the check',
        [`${UNPACKED}/keytar/build/Release/extra.node`]: 'from elsewhere',
      }),
    );
    expect(problems.map((p) => p.replace(/ \(.*\)$/, ''))).toEqual([
      'packed keytar/build/Release/extra.node was not compiled here',
      'packed keytar/build/Release/keytar.node differs from the one compiled here',
      expect.stringMatching(/^better-sqlite3: no packed addon under /),
    ]);
  });
});

describe('nativePackages and prebuildCache', () => {
  it("takes the run-time packages with an install script from this repository's lock", () => {
    expect(nativePackages()).toEqual(['better-sqlite3', 'keytar']);
  });

  it("finds prebuild-install's cache where prebuild-install does", () => {
    expect(prebuildCache({ npm_config_cache: join('/ci', 'npm') })).toBe(join('/ci', 'npm', '_prebuilds'));
    expect(prebuildCache({ APPDATA: join('C:', 'Users', 'r', 'AppData') })).toBe(
      join('C:', 'Users', 'r', 'AppData', 'npm-cache', '_prebuilds'),
    );
  });
});
