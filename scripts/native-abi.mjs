// Native addons (better-sqlite3, keytar) are compiled for one runtime at a time: plain Node for the
// tests, Electron for the app. This switches them only when the target changes, so `npm test` after
// `npm start` (or the reverse) just works. A fresh `npm ci` builds for Node and leaves no marker.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const NATIVE = ['better-sqlite3', 'keytar'];
const marker = new URL('../node_modules/.native-abi', import.meta.url);
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

console.log(`Rebuilding ${NATIVE.join(', ')} for ${wanted} (was ${current})...`);
const command =
  target === 'node'
    ? `npm rebuild ${NATIVE.join(' ')}`
    : `npx electron-rebuild --force --only ${NATIVE.join(',')}`;
execSync(command, { stdio: 'inherit' });
writeFileSync(marker, wanted);
