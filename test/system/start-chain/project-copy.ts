import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SHARED = realpathSync(join(ROOT, 'node_modules'));
const SOURCES = ['src-main', 'src-preload', 'src-renderer', 'src-shared', 'scripts'];
const FILES = [
  'aliases.ts',
  'electron.vite.config.ts',
  '.npmrc',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.node.json',
  'tsconfig.web.json',
];
// Never reachable from the copy: even if a rebuild ran there, it could not reach the shared addons.
const NATIVE = new Set(['better-sqlite3', 'keytar']);

/**
 * A throwaway copy of the project whose node_modules links every shared package except three:
 * `electron` is a fresh copy without its binary (path.txt, dist/), as `npm ci` leaves it; the
 * electron-vite CLI is copied so that it resolves that `electron` (Node follows symlinks to their real
 * path, so a linked electron-vite would find the shared one); the native addons are left out. Nothing
 * in the shared node_modules is written.
 */
export function projectCopy(packageJson: string): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'md-start-')));
  for (const name of SOURCES) cpSync(join(ROOT, name), join(dir, name), { recursive: true });
  for (const name of FILES) cpSync(join(ROOT, name), join(dir, name));
  writeFileSync(join(dir, 'package.json'), packageJson);

  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '.bin'), { recursive: true });
  for (const name of readdirSync(SHARED)) {
    if (name.startsWith('.') || NATIVE.has(name) || name === 'electron' || name === 'electron-vite') continue;
    symlinkSync(join(SHARED, name), join(modules, name));
  }
  cpSync(join(SHARED, 'electron'), join(modules, 'electron'), {
    recursive: true,
    filter: (src) => !/[/\\]electron[/\\](path\.txt|dist)$/.test(src),
  });
  cpSync(join(SHARED, 'electron-vite'), join(modules, 'electron-vite'), { recursive: true });
  symlinkSync('../electron-vite/bin/electron-vite.js', join(modules, '.bin', 'electron-vite'));
  symlinkSync('../electron/install.js', join(modules, '.bin', 'install-electron'));
  return dir;
}

/** process.env without anything that would steer npm or Electron from the outside. */
export function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(npm_|electron_|native_abi)/i.test(key)) env[key] = value;
  }
  return { ...env, ...extra };
}
