import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// scripts/native-abi.mjs in a throwaway project: fake addons, and `npm`/`npx` stand-ins on PATH that
// record each rebuild and write an addon marked with the runtime it was "compiled" for.
const SCRIPT = fileURLToPath(new URL('../../../scripts/native-abi.mjs', import.meta.url));
const NODE_ABI = `node-${process.versions.modules}`;
const ELECTRON_ABI = 'electron-99.0.0';
const ADDONS = ['better-sqlite3/build/Release/better_sqlite3.node', 'keytar/build/Release/keytar.node'];

function project() {
  const root = mkdtempSync(join(tmpdir(), 'md-native-abi-'));
  const modules = join(root, 'node_modules');
  mkdirSync(join(root, 'scripts'));
  copyFileSync(SCRIPT, join(root, 'scripts/native-abi.mjs'));
  for (const [name, version] of [
    ['better-sqlite3', '12.0.0'],
    ['keytar', '7.9.0'],
    ['electron', '99.0.0'],
  ] as const) {
    mkdirSync(join(modules, name), { recursive: true });
    writeFileSync(join(modules, name, 'package.json'), JSON.stringify({ name, version }));
  }
  for (const addon of ADDONS) {
    mkdirSync(join(modules, addon, '..'), { recursive: true });
    writeFileSync(join(modules, addon), NODE_ABI);
  }
  // The stand-ins "compile" every addon for the runtime the command names, and log the command.
  const bin = join(root, 'bin');
  mkdirSync(bin);
  const log = join(root, 'rebuilds.log');
  for (const [tool, abi] of [
    ['npm', NODE_ABI],
    ['npx', ELECTRON_ABI],
  ] as const) {
    const body = ADDONS.map(
      (addon) => `rm -f "${join(modules, addon)}"; printf ${abi} > "${join(modules, addon)}"`,
    );
    writeFileSync(join(bin, tool), `#!/bin/sh\necho "${tool} $*" >> "${log}"\n${body.join('\n')}\n`);
    chmodSync(join(bin, tool), 0o755);
  }
  // The release job runs these tests with npm_config_build_from_source set: each run says its own.
  const run = (target: string, env: Record<string, string> = {}) =>
    execFileSync(process.execPath, [join(root, 'scripts/native-abi.mjs'), target], {
      cwd: root,
      env: {
        ...process.env,
        PATH: `${bin}:${process.env.PATH}`,
        NATIVE_ABI_SKIP: '',
        npm_config_build_from_source: '',
        ...env,
      },
      encoding: 'utf8',
    });
  const addons = () => ADDONS.map((addon) => readFileSync(join(modules, addon), 'utf8'));
  const rebuilds = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []);
  return { modules, run, addons, rebuilds };
}

describe.skipIf(process.platform === 'win32')('scripts/native-abi.mjs', () => {
  it('compiles once for Electron, and switching back to Node (and to Electron again) is a copy', () => {
    const p = project();
    expect(p.run('node')).toBe('');
    expect(p.rebuilds()).toEqual([]);

    p.run('electron');
    expect(p.rebuilds()).toEqual(['npx electron-rebuild --force --only better-sqlite3,keytar']);
    expect(p.addons()).toEqual([ELECTRON_ABI, ELECTRON_ABI]);
    expect(readFileSync(join(p.modules, '.native-abi'), 'utf8')).toBe(ELECTRON_ABI);

    expect(p.run('node')).toMatch(/switched to node-\d+ from the kept build/);
    expect(p.addons()).toEqual([NODE_ABI, NODE_ABI]);
    p.run('electron');
    expect(p.addons()).toEqual([ELECTRON_ABI, ELECTRON_ABI]);
    // Still the one compile.
    expect(p.rebuilds()).toHaveLength(1);
  });

  it('replaces an addon rather than writing into it: a hard-linked copy elsewhere keeps its build', () => {
    const p = project();
    const elsewhere = join(p.modules, '..', 'other-checkout.node');
    linkSync(join(p.modules, ADDONS[0]!), elsewhere);
    p.run('electron');
    p.run('node');
    p.run('electron');
    expect(readFileSync(elsewhere, 'utf8')).toBe(NODE_ABI);
    expect(statSync(elsewhere).nlink).toBe(1);
  });

  it("passes the release job's build-from-source setting on to electron-rebuild", () => {
    const p = project();
    p.run('electron', { npm_config_build_from_source: 'true' });
    p.run('node', { npm_config_build_from_source: 'true' });
    expect(p.rebuilds()).toEqual([
      'npx electron-rebuild --force --build-from-source --only better-sqlite3,keytar',
    ]);
  });

  it('compiles again when the kept build is for another version of the package', () => {
    const p = project();
    p.run('electron');
    p.run('node');
    writeFileSync(
      join(p.modules, 'keytar/package.json'),
      JSON.stringify({ name: 'keytar', version: '7.9.1' }),
    );
    p.run('electron');
    expect(p.rebuilds()).toEqual([
      'npx electron-rebuild --force --only better-sqlite3,keytar',
      'npx electron-rebuild --force --only better-sqlite3,keytar',
    ]);
  });
});
