import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const BUILT_MAIN = join(ROOT, 'out/main/index.js');
export const BUILT_PRELOAD = join(ROOT, 'out/preload/index.cjs');
export const BUILT_RENDERER_PAGE = join(ROOT, 'out/renderer/index.html');

// What the main and preload bundles are made from: newer than the output means it must be rebuilt.
const INPUTS = [
  'src-main',
  'src-preload',
  'src-shared',
  'electron.vite.config.ts',
  'aliases.ts',
  'package.json',
];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

function isFresh(): boolean {
  const outputs = [BUILT_MAIN, BUILT_PRELOAD, BUILT_RENDERER_PAGE];
  if (!outputs.every((file) => existsSync(file))) return false;
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  return INPUTS.every((input) => !existsSync(join(ROOT, input)) || newestMtime(join(ROOT, input)) <= built);
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Builds the app (`electron-vite build`, a few seconds) when out/ is missing or older than its sources,
 * so the wiring tests always run the bundles of the code under test, also in CI where the unit tests
 * run before the e2e build. A lock keeps two test workers from building into the same folder at once.
 */
export function ensureBuilt(): void {
  if (isFresh()) return;
  const lock = join(
    tmpdir(),
    `md-build-${createHash('sha256').update(ROOT).digest('hex').slice(0, 12)}.lock`,
  );
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock this old was left by a killed run: a build takes seconds.
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 120_000) rmSync(lock, { recursive: true, force: true });
      else sleep(200);
    }
  }
  try {
    if (!isFresh()) {
      execFileSync(
        process.execPath,
        [join(ROOT, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
        {
          cwd: ROOT,
          stdio: 'pipe',
        },
      );
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
