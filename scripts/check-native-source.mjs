// The release job's proof that the native addons it ships (better-sqlite3 and keytar: every run-time
// package package-lock.json marks as running an install script) were compiled here from source, never
// fetched as a prebuilt binary. A prebuilt addon is code with the desk's full rights that nobody
// reviewed; see docs/adr/0008-release-pipeline.md.
//
// A compile leaves node-gyp's tree behind (build/config.gypi, a Makefile or Visual Studio project,
// object files); prebuild-install leaves only build/Release/<name>.node, and every download it makes
// goes through npm's cache (<cache>/_prebuilds). So the check fails when, for one of those packages:
// its build tree has no sign of a compile, a .node file sits outside build/Release that is not a copy
// of one inside it (a prebuildify or node-pre-gyp location), or npm's cache holds a prebuilt download.
//
// With `--packed <dir>` it also finds the addons electron-builder packed under <dir> and requires each
// to be, byte for byte, one compiled here.
//
// `node scripts/check-native-source.mjs [--packed <dir>] [node_modules dir]`; exits 1 with one line
// per finding.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The shipped packages with an install script (package-lock.json's hasInstallScript, not dev): the
 * native addons. The dev-only ones (esbuild, electron-winstaller, es5-ext) never reach an installer.
 */
export function nativePackages(lockPath = join(ROOT, 'package-lock.json')) {
  const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
  return Object.entries(lock.packages ?? {})
    .filter(
      ([path, entry]) =>
        path.startsWith('node_modules/') && entry.hasInstallScript === true && entry.dev !== true,
    )
    .map(([path]) => path.slice('node_modules/'.length))
    .sort();
}

/** Where prebuild-install keeps (and first looks for) its downloads: its own rule, repeated. */
export function prebuildCache(env = process.env) {
  const npmCache =
    env.npm_config_cache || (env.APPDATA ? join(env.APPDATA, 'npm-cache') : join(homedir(), '.npm'));
  return join(npmCache, '_prebuilds');
}

function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile());
}

/** A path under node_modules as the report shows it: with forward slashes on every OS. */
const shown = (modules, path) => relative(modules, path).split(sep).join('/');

const sha256 = (path) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** What one package's folder shows: its compiled addons with their hashes, or what is wrong. */
function inspectPackage(modules, name) {
  const dir = join(modules, name);
  const build = join(dir, 'build');
  const release = join(build, 'Release');
  if (!existsSync(dir)) return { problems: [`${name}: not installed in ${modules}`], addons: [] };
  const buildFiles = filesUnder(build);
  const addons = buildFiles.filter(
    (path) => path.endsWith('.node') && relative(release, path).split(sep).length === 1,
  );
  const problems = [];
  if (addons.length === 0) problems.push(`${name}: no compiled addon in build/Release`);
  const configured = existsSync(join(build, 'config.gypi'));
  const project = buildFiles.some((path) =>
    /(^|[\\/])(Makefile|[^\\/]+\.(vcxproj|sln|xcodeproj))$/.test(path),
  );
  const objects = buildFiles.some((path) => /\.(o|obj)$/.test(path));
  if (!configured || !project || !objects) {
    const missing = [
      configured ? null : 'build/config.gypi',
      project ? null : 'a Makefile or Visual Studio project',
      objects ? null : 'object files',
    ].filter(Boolean);
    problems.push(
      `${name}: no sign of a compile here (missing ${missing.join(', ')}): its addon was not built from source`,
    );
  }
  // @electron/rebuild copies its result to bin/<platform>-<arch>-<abi>/; any other .node is foreign.
  const built = new Set(addons.map(sha256));
  const objectDirs = new Set(['obj', 'obj.target']);
  for (const path of filesUnder(dir)) {
    if (!path.endsWith('.node') || addons.includes(path)) continue;
    const inBuild = relative(release, path).split(sep);
    if (inBuild[0] !== '..' && objectDirs.has(inBuild[0])) continue; // the linker's own output
    if (!built.has(sha256(path)))
      problems.push(`${name}: ${shown(modules, path)} is an addon that this build did not produce`);
  }
  return {
    problems,
    addons: addons.map((path) => ({ path: shown(modules, path), sha256: sha256(path) })),
  };
}

/**
 * Checks every native package under `modules` and npm's prebuild cache. Returns
 * `{ ok, problems, addons }`: `addons` lists each compiled addon with its SHA-256, for the log.
 */
export function checkNativeSource({ modules, packages, cache }) {
  const results = packages.map((name) => inspectPackage(modules, name));
  const problems = results.flatMap((r) => r.problems);
  // Only these packages run install scripts, so any download in the cache is one of theirs.
  const downloads = existsSync(cache) ? readdirSync(cache) : [];
  for (const file of downloads)
    problems.push(`a prebuilt binary was fetched: ${join(cache, file)} (build from source instead)`);
  return { ok: problems.length === 0, problems, addons: results.flatMap((r) => r.addons) };
}

/**
 * Compares the addons electron-builder packed (every `app.asar.unpacked` under `packed`: the unpacked
 * apps beside the installers) with the ones compiled here: each packed addon must be byte for byte
 * one of `addons`, and each package must be packed at least once. Returns the problems found.
 */
export function checkPacked({ packed, packages, addons }) {
  const compiled = new Map(addons.map((addon) => [addon.path, addon.sha256]));
  const found = filesUnder(packed).flatMap((path) => {
    const match = /app\.asar\.unpacked\/node_modules\/(.+\/build\/Release\/[^/]+\.node)$/.exec(
      path.split(sep).join('/'),
    );
    return match ? [{ file: path, path: match[1] }] : [];
  });
  found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const problems = [];
  for (const { file, path } of found) {
    const expected = compiled.get(path);
    if (expected === undefined) problems.push(`packed ${path} was not compiled here (${file})`);
    else if (sha256(file) !== expected)
      problems.push(`packed ${path} differs from the one compiled here (${file})`);
  }
  for (const name of packages)
    if (!found.some(({ path }) => path.startsWith(`${name}/`)))
      problems.push(`${name}: no packed addon under ${packed}`);
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // [--packed <dir>] [node_modules dir]
  const args = process.argv.slice(2);
  const at = args.indexOf('--packed');
  const packed = at === -1 ? undefined : args.splice(at, 2)[1];
  const modules = args[0] ?? join(ROOT, 'node_modules');
  const packages = nativePackages();
  const result = checkNativeSource({ modules, packages, cache: prebuildCache() });
  if (packed !== undefined) result.problems.push(...checkPacked({ packed, packages, addons: result.addons }));
  for (const addon of result.addons) console.log(`native: ${addon.sha256}  ${addon.path}`);
  if (result.problems.length > 0) {
    for (const problem of result.problems) console.error(`native: ${problem}`);
    process.exit(1);
  }
  console.log(
    `native: ${packages.join(', ')} compiled here from source${packed ? `, and packed as compiled` : ''}; ` +
      'no prebuilt binary fetched.',
  );
}
