// Native addons (better-sqlite3, keytar) are compiled for one runtime at a time: plain Node for the
// tests, Electron for the app. This switches them only when the target changes, so `npm test` after
// `npm start` (or the reverse) just works. A fresh `npm ci` builds for Node and leaves no marker.
//
// Each runtime's compiled addons are kept (node_modules/.native-abi-cache/<runtime>/<package@version>)
// before switching away, so switching back is a copy of two files, not a compile: a test run that
// goes to Electron for its e2e specs and back to Node compiles at most once, and never again after.
import { execSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const NATIVE = ['better-sqlite3', 'keytar'];
const MODULES = fileURLToPath(new URL('../node_modules/', import.meta.url));
const marker = join(MODULES, '.native-abi');
const CACHE = join(MODULES, '.native-abi-cache');
const target = process.argv[2];
if (target !== 'node' && target !== 'electron') {
  console.error('usage: node scripts/native-abi.mjs node|electron');
  process.exit(2);
}
// For runs that must not touch the installed addons: the start-chain test (node_modules is shared
// with other checkouts there) and anyone launching a stand-in through ELECTRON_EXEC_PATH.
if (process.env.NATIVE_ABI_SKIP === '1') {
  console.log(`native-abi: NATIVE_ABI_SKIP=1, native modules left as they are (not switched to ${target})`);
  process.exit(0);
}

const wanted =
  target === 'node'
    ? `node-${process.versions.modules}`
    : `electron-${createRequire(import.meta.url)('electron/package.json').version}`;
const current = existsSync(marker) ? readFileSync(marker, 'utf8').trim() : `node-${process.versions.modules}`;
if (current === wanted) process.exit(0);

/** The compiled addons of each package: build/Release/*.node, relative to node_modules. */
function addons() {
  return NATIVE.flatMap((name) => {
    const release = join(name, 'build', 'Release');
    const version = JSON.parse(readFileSync(join(MODULES, name, 'package.json'), 'utf8')).version;
    const files = existsSync(join(MODULES, release))
      ? readdirSync(join(MODULES, release)).filter((file) => file.endsWith('.node'))
      : [];
    return files.map((file) => ({ path: join(release, file), key: join(`${name}@${version}`, file) }));
  });
}

/**
 * Copies by replacing the file, never writing into it: node_modules may be hard-linked to other
 * checkouts' (cp -al), and writing through a shared link would switch their addons too.
 */
function replace(from, to) {
  mkdirSync(dirname(to), { recursive: true });
  rmSync(to, { force: true });
  copyFileSync(from, to);
}

const present = addons();
for (const { path, key } of present) replace(join(MODULES, path), join(CACHE, current, key));
const cached = present.length > 0 && present.every(({ key }) => existsSync(join(CACHE, wanted, key)));
if (cached) {
  for (const { path, key } of present) replace(join(CACHE, wanted, key), join(MODULES, path));
  console.log(`native-abi: ${NATIVE.join(', ')} switched to ${wanted} from the kept build (was ${current})`);
} else {
  console.log(`Rebuilding ${NATIVE.join(', ')} for ${wanted} (was ${current})...`);
  // The release job sets npm_config_build_from_source=true (never a prebuilt download): prebuild-install
  // reads it itself under `npm rebuild`; electron-rebuild only takes it as its own flag.
  const fromSource = process.env.npm_config_build_from_source === 'true' ? ' --build-from-source' : '';
  const command =
    target === 'node'
      ? `npm rebuild ${NATIVE.join(' ')}`
      : `npx electron-rebuild --force${fromSource} --only ${NATIVE.join(',')}`;
  execSync(command, { stdio: 'inherit' });
}
writeFileSync(marker, wanted);
