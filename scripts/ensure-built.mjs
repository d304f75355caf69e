// The one production build of a test run. `node scripts/ensure-built.mjs` builds the app into out/
// (electron-vite build) and the e2e test host's bridge into out/e2e-host (its vite config), each only
// when missing or older than what it is made from; every consumer (the security scan, the wiring and
// packaging tests, the e2e specs, the bench smoke runs) then reads that one out/. `--force` builds
// both whatever their age. A lock keeps two test workers or scripts from building into out/ at once.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const HOST_CONFIG = 'test/system/e2e/host/vite.config.ts';
const CHILDREN_CONFIG = 'test/helpers/child-bundles.vite.config.ts';
export const CHILDREN_DIR = 'node_modules/.cache/test-children';
const SHARED_INPUTS = ['src-shared', 'aliases.ts', 'package.json', 'package-lock.json'];

/** What each build writes, and what it is made from: any input newer than an output means rebuild. */
export const TARGETS = {
  app: {
    outputs: ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'],
    inputs: [
      ...SHARED_INPUTS,
      'src-main',
      'src-preload',
      'src-renderer',
      'electron.vite.config.ts',
      // The release key and update server main is built with (scripts/release-inputs.mjs).
      'scripts/release-inputs.mjs',
      'build/release-key.pub',
      'build/update-feed.txt',
    ],
    command: ['node_modules/electron-vite/bin/electron-vite.js', 'build'],
  },
  host: {
    outputs: ['out/e2e-host/bridge.js'],
    inputs: [...SHARED_INPUTS, 'src-preload', 'test/system/e2e/host'],
    command: ['node_modules/vite/bin/vite.js', 'build', '-c', HOST_CONFIG],
  },
  // The drills' and soaks' child processes (test/helpers/child-command.ts), started from these rather
  // than compiled by tsx at each of some hundred starts a run.
  children: {
    outputs: [
      `${CHILDREN_DIR}/crash-desk-child.js`,
      `${CHILDREN_DIR}/soak-app-child.js`,
      `${CHILDREN_DIR}/team-desk-child.js`,
    ],
    inputs: [...SHARED_INPUTS, 'src-main', 'test/helpers', 'test/system/soak', CHILDREN_CONFIG],
    command: ['node_modules/vite/bin/vite.js', 'build', '-c', CHILDREN_CONFIG],
  },
};

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/** True when every output exists and none is older than the newest input. */
export function isFresh(name) {
  const { outputs, inputs } = TARGETS[name];
  const files = outputs.map((file) => join(ROOT, file));
  if (!files.every((file) => existsSync(file))) return false;
  const built = Math.min(...files.map((file) => statSync(file).mtimeMs));
  return inputs.every((input) => !existsSync(join(ROOT, input)) || newestMtime(join(ROOT, input)) <= built);
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function withLock(work) {
  const lock = join(
    tmpdir(),
    `md-build-${createHash('sha256').update(ROOT).digest('hex').slice(0, 12)}.lock`,
  );
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock this old was left by a killed run: a build takes well under a minute.
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 180_000) rmSync(lock, { recursive: true, force: true });
      else sleep(200);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Builds each named target that is missing or stale (all of them with `force`); returns the names it
 * built. The app goes first: the host's page is the app's built renderer.
 */
export function ensureBuilt({ targets = ['app', 'host', 'children'], force = false, log = () => {} } = {}) {
  return withLock(() => {
    const built = [];
    for (const name of targets) {
      if (!force && isFresh(name)) continue;
      const started = Date.now();
      execFileSync(
        process.execPath,
        TARGETS[name].command.map((part, i) => (i === 0 ? join(ROOT, part) : part)),
        {
          cwd: ROOT,
          stdio: 'pipe',
        },
      );
      log(`ensure-built: built ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      built.push(name);
    }
    return built;
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const targets = args.filter((a) => a !== '--force');
  for (const name of targets)
    if (!(name in TARGETS)) {
      console.error(`usage: node scripts/ensure-built.mjs [--force] [${Object.keys(TARGETS).join('|')}]...`);
      process.exit(2);
    }
  const built = ensureBuilt({ targets: targets.length ? targets : undefined, force, log: console.log });
  if (built.length === 0) console.log('ensure-built: out/ is up to date, nothing built');
}
