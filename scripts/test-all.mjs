// `npm test` after the build: Vitest's three lanes and the Chromium specs side by side, then the
// Electron run of the specs. Alone, Vitest kept about 1.6 of the 2 cores busy and the specs (which
// mostly wait on the page) about half of one, so side by side they fill the machine instead of taking
// turns. Each runner's output goes to a file and is printed whole when it ends, so neither interleaves
// with the other. TESTS_ONE_AFTER_ANOTHER=1 runs them in turn instead (and streams their output).
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const node = process.execPath;
const VITEST = ['node_modules/vitest/vitest.mjs', 'run'];
const CHROMIUM = ['node_modules/@playwright/test/cli.js', 'test', '--project=chromium'];

function inTurn() {
  for (const args of [VITEST, CHROMIUM]) {
    const { status } = spawnSync(node, args, { stdio: 'inherit' });
    if (status !== 0) return status ?? 1;
  }
  return 0;
}

async function sideBySide() {
  const logs = mkdtempSync(join(tmpdir(), 'md-tests-'));
  const started = Date.now();
  const run = (name, args) =>
    new Promise((resolve) => {
      const file = join(logs, `${name}.log`);
      const out = createWriteStream(file);
      const child = spawn(node, args, {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, FORCE_COLOR: '1' },
      });
      child.stdout.pipe(out);
      child.stderr.pipe(out);
      child.on('close', (code) => {
        out.end(() => {
          const seconds = Math.round((Date.now() - started) / 1000);
          process.stdout.write(`\n-- ${name}: ${code === 0 ? 'ok' : 'FAILED'} at ${seconds} s\n`);
          process.stdout.write(readFileSync(file, 'utf8'));
          resolve(code ?? 1);
        });
      });
    });
  const codes = await Promise.all([run('vitest', VITEST), run('e2e-chromium', CHROMIUM)]);
  return codes.every((code) => code === 0) ? 0 : 1;
}

const status = process.env.TESTS_ONE_AFTER_ANOTHER === '1' ? inTurn() : await sideBySide();
// The Electron run switches the native addons to Electron's ABI, which Vitest's workers could not
// load: it comes after both, and only when they passed (as `vitest run && npm run test:e2e` did).
if (status !== 0) process.exit(status);
const electron = spawnSync(node, ['scripts/e2e-electron.mjs'], { stdio: 'inherit' });
process.exit(electron.status ?? 1);
