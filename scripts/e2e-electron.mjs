// The Electron run of the end-to-end specs. Native modules must match Electron's ABI while it runs,
// and Node's again afterwards (the unit tests and the test host load them in plain Node).
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const dir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
const pathFile = join(dir, 'path.txt');
const present = existsSync(pathFile) && existsSync(join(dir, 'dist', readFileSync(pathFile, 'utf8').trim()));
const run = (command) => execSync(command, { stdio: 'inherit' });

if (!present) {
  console.log(
    'Electron e2e skipped: the Electron binary is not downloaded on this machine (the same specs ran in Chromium).',
  );
  // Playwright still runs the project so each skip and its reason show up in the report.
  run('npx playwright test --project=electron');
} else {
  run('node scripts/native-abi.mjs electron');
  try {
    run('npx playwright test --project=electron');
  } finally {
    run('node scripts/native-abi.mjs node');
  }
}
