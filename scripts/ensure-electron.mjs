// Makes sure the Electron binary is on disk before anything launches it (`npm start`, `npm run dev`,
// the Electron e2e run). Since Electron 43 the npm package no longer downloads it in an install
// script: it does so lazily when `require('electron')` runs. electron-vite never requires it; it
// reads `node_modules/electron/path.txt` directly and stops with "Electron uninstall" when that file
// is missing, so without this step nothing ever fetches the binary. We run the package's own
// `install-electron` command (its install.js), which honours ELECTRON_MIRROR, proxies and the cache.
// A failed download ends in one line that says what to do, never a stack trace, and exit code 1.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DEFAULT_SOURCE = "Electron's release downloads";

/** The electron package this project resolves (the one electron-vite and the e2e specs use). */
function electronPackage() {
  const manifest = createRequire(import.meta.url).resolve('electron/package.json');
  return { dir: dirname(manifest), version: JSON.parse(readFileSync(manifest, 'utf8')).version };
}

/** The binary electron-vite would launch: `dist/<path.txt>`, or null while it is not downloaded. */
function installedBinary(dir) {
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

/** The first line of install.js's output that is not a stack frame: the reason, without the trace. */
function firstReason(output) {
  const line = output
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l && !l.startsWith('at ') && !/^Downloading Electron/i.test(l));
  return (line ?? 'no reason given').slice(0, 200);
}

/**
 * Ensures the binary exists, downloading it when needed. Returns `{ ok: true, binary }` or
 * `{ ok: false, message }` with a one-line message for the person at the terminal.
 */
export function ensureElectron(env = process.env) {
  const override = env.ELECTRON_EXEC_PATH;
  if (override) {
    // electron-vite launches this executable instead of the package's binary: nothing to download.
    return existsSync(override)
      ? { ok: true, binary: override }
      : { ok: false, message: `ELECTRON_EXEC_PATH points to ${override}, which does not exist.` };
  }
  const { dir, version } = electronPackage();
  const present = installedBinary(dir);
  if (present) return { ok: true, binary: present };

  console.log(`Downloading the Electron ${version} binary (once per install)...`);
  const run = spawnSync(process.execPath, [join(dir, 'install.js')], { env, encoding: 'utf8' });
  const binary = installedBinary(dir);
  if (run.status === 0 && binary) return { ok: true, binary };
  const mirror = env.ELECTRON_MIRROR || env.npm_config_electron_mirror || DEFAULT_SOURCE;
  const reason = firstReason(`${run.stderr ?? ''}\n${run.stdout ?? ''}\n${run.error?.message ?? ''}`);
  return {
    ok: false,
    message:
      `Could not download Electron ${version} from ${mirror} (${reason}): check the network or proxy, ` +
      `or set ELECTRON_MIRROR to a reachable mirror, then run the command again.`,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = ensureElectron();
  if (!result.ok) {
    console.error(result.message);
    process.exit(1);
  }
}
