// The Electron run of the end-to-end specs. The binary is fetched first (scripts/ensure-electron.mjs);
// native modules must match Electron's ABI while it runs, and Node's again afterwards (the unit tests
// and the test host load them in plain Node).
import { execSync } from 'node:child_process';
import { ensureElectron } from './ensure-electron.mjs';

const run = (command) => execSync(command, { stdio: 'inherit' });
// Spec files to run (all of them by default): `node scripts/e2e-electron.mjs updates-electron.spec.ts`.
const specs = process.argv.slice(2);
const unsafe = specs.find((spec) => !/^[\w./-]+$/.test(spec));
if (unsafe) throw new Error(`e2e-electron: "${unsafe}" is not a spec file name`);
const playwright = ['npx playwright test --project=electron', ...specs].join(' ');
// The specs launch the package's own binary (test/system/e2e/electron-app.ts), so that is the one to fetch,
// whatever ELECTRON_EXEC_PATH says.
const electron = ensureElectron({ ...process.env, ELECTRON_EXEC_PATH: '' });

if (!electron.ok) {
  // Offline machines still pass `npm test`: the same specs ran in Chromium, and Playwright runs the
  // Electron project anyway so each skip and its reason show up in the report.
  console.log(`Electron e2e skipped. ${electron.message}`);
  run(playwright);
} else {
  run('node scripts/native-abi.mjs electron');
  try {
    run(playwright);
  } finally {
    run('node scripts/native-abi.mjs node');
  }
}
