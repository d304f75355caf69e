// `npm run dist`: builds the installers for this OS from build/electron-builder.yml (AppImage and deb
// on Linux, NSIS on Windows, dmg and zip on macOS) into dist/. Signing and notarisation happen when
// their environment variables are set (see .github/workflows/release.yml), and are skipped otherwise.
//
// electron-builder packs Electron's release zip for the target OS, fetched into @electron/get's cache.
// That download is the step a closed network breaks, so it comes first: where it fails, this says so in
// one line and exits 1, before anything is built or the native modules are switched to Electron's ABI.
// `node scripts/dist.mjs --check` runs only that first step.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TARGET_FLAGS = { linux: '--linux', darwin: '--mac', win32: '--win' };
const DEFAULT_SOURCE = "Electron's release downloads";

/** electron-builder's command-line flag for this OS's installers, or null where it builds none. */
function targetFlag(platform) {
  return TARGET_FLAGS[platform] ?? null;
}

function electronPackage() {
  const manifest = createRequire(import.meta.url).resolve('electron/package.json');
  return { manifest, version: JSON.parse(readFileSync(manifest, 'utf8')).version };
}

/**
 * The reason without the trace: the first line of the message that is not a stack frame, with its
 * cause's when there is one (fetch reports "fetch failed" and puts ENOTFOUND or ECONNREFUSED there).
 */
function reasonOf(error) {
  const firstLine = (text) =>
    String(text)
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l && !l.startsWith('at '));
  const message = firstLine(error instanceof Error ? error.message : error) ?? 'no reason given';
  const cause =
    error instanceof Error && error.cause ? firstLine(error.cause.message ?? error.cause) : undefined;
  return (cause ? `${message}: ${cause}` : message).slice(0, 200);
}

/**
 * Fetches (or finds in the cache) the Electron zip electron-builder packs for this OS, with the
 * @electron/get the electron package uses. Returns `{ ok: true, zip }` or `{ ok: false, message }`.
 */
async function fetchElectronZip({
  platform = process.platform,
  arch = process.arch,
  env = process.env,
} = {}) {
  const { manifest, version } = electronPackage();
  const electronRequire = createRequire(manifest);
  try {
    const { downloadArtifact } = await import(pathToFileURL(electronRequire.resolve('@electron/get')).href);
    const zip = await downloadArtifact({
      version,
      platform,
      arch,
      artifactName: 'electron',
      checksums: electronRequire('./checksums.json'),
    });
    return { ok: true, zip };
  } catch (error) {
    const source = env.ELECTRON_MIRROR || env.npm_config_electron_mirror || DEFAULT_SOURCE;
    return {
      ok: false,
      message:
        `npm run dist: cannot build the installers: Electron ${version} for ${platform}-${arch} could not be ` +
        `fetched from ${source} (${reasonOf(error)}); check the network or proxy, or set ELECTRON_MIRROR.`,
    };
  }
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

/** The command-line script a package declares in its "bin" field (run with node: no shell, any OS). */
function binOf(manifestUrl) {
  const manifest = JSON.parse(readFileSync(new URL(manifestUrl), 'utf8'));
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin)[0];
  return fileURLToPath(new URL(bin, manifestUrl));
}

function step(label, script, args) {
  console.log(`== ${label}`);
  const run = spawnSync(process.execPath, [script, ...args], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) fail(`npm run dist: ${label} failed (exit ${run.status ?? run.signal}); see above.`);
}

async function main(args) {
  const flag = targetFlag(process.platform);
  if (!flag) fail(`npm run dist: electron-builder builds no installers on ${process.platform}.`);
  const electron = await fetchElectronZip();
  if (!electron.ok) fail(electron.message);
  if (args.includes('--check')) {
    console.log(`npm run dist: Electron is available (${electron.zip}).`);
    return;
  }
  step('build (electron-vite)', binOf(import.meta.resolve('electron-vite/package.json')), ['build']);
  step('native modules for Electron', join(ROOT, 'scripts/native-abi.mjs'), ['electron']);
  step(`installers (electron-builder ${flag})`, binOf(import.meta.resolve('electron-builder/package.json')), [
    flag,
    '--config',
    'build/electron-builder.yml',
    // Installers are uploaded by the release workflow, never published from here.
    '--publish',
    'never',
    ...args,
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error) => fail(`npm run dist: ${reasonOf(error)}`));
}
