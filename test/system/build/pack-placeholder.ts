import { execFile, execFileSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { ensureBuilt } from '@test/helpers/built-app/build';
import { writePlaceholderElectronDist } from './placeholder-electron';

const execFileAsync = promisify(execFile);

/** Runs a Node script; a failure carries the end of its output, which says what went wrong. */
async function run(args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<void> {
  try {
    await execFileAsync(process.execPath, args, { ...options, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${args.slice(0, 2).join(' ')} failed:\n${`${stdout}\n${stderr}`.trim().slice(-3000)}`);
  }
}

export const REPO = resolve(__dirname, '../../..');
const bin = (path: string): string => join(REPO, 'node_modules', path);

export interface PackedApp {
  /** The temporary folder everything below lives in; remove it when done. */
  root: string;
  /** The throwaway project the app was built into (package.json, build/ and the repo's node_modules). */
  projectDir: string;
  /** dist/linux-unpacked: the executable and resources/ with app.asar and app.asar.unpacked. */
  appOutDir: string;
  /** The download caches pointed at during the run; a run that reached for the network fills them. */
  cacheDir: string;
}

/** Files `npm run build:e2e`, the benches or a source-map setting would leave in out/: none may ship. */
const DECOYS = [
  'out/e2e-host/index.html',
  'out/e2e-host/assets/host-decoy.js',
  'out/bench-bare-react/index.js',
  'out/main/index.js.map',
  'out/renderer/assets/index-decoy.js.map',
];

function linkDir(target: string, path: string): void {
  // A junction needs no privilege on Windows; elsewhere the type is ignored.
  symlinkSync(realpathSync(target), path, 'junction');
}

/**
 * The repo's packages for the temporary project, as real folders: electron-builder asks `npm list` for
 * the production tree, and when npm's hidden lockfile is older than the package folders (a native
 * rebuild since `npm ci`) npm walks node_modules itself; a linked node_modules then looks extraneous
 * to it and the tree came back without bindings, file-uri-to-path or dijkstrajs (seen in CI). Hard
 * links on Linux and copy-on-write clones on macOS cost a second or two; nothing writes into them
 * (npmRebuild is off), which matters for hard links, as they are the repo's own files. Windows keeps
 * the junction.
 */
function packagesFor(projectDir: string): void {
  const from = join(REPO, 'node_modules');
  const to = join(projectDir, 'node_modules');
  if (process.platform === 'linux') execFileSync('cp', ['-al', from, to]);
  else if (process.platform === 'darwin') execFileSync('cp', ['-Rc', from, to]);
  else linkDir(from, to);
}

/**
 * Copies the built app (out/, built once per run) into a temporary project (so packing never disturbs
 * the repo) and packs it with build/electron-builder.yml into electron-builder's unpacked-directory target for
 * Linux, against a placeholder Electron. Native modules are packed as installed (npmRebuild off).
 * Every download location points at a closed port: the run must need no network.
 */
export async function packWithPlaceholderElectron(): Promise<PackedApp> {
  const root = mkdtempSync(join(tmpdir(), 'md-pack-'));
  const projectDir = join(root, 'project');
  mkdirSync(projectDir);
  copyFileSync(join(REPO, 'package.json'), join(projectDir, 'package.json'));
  copyFileSync(join(REPO, 'package-lock.json'), join(projectDir, 'package-lock.json'));
  packagesFor(projectDir);
  // A copy, not a link: electron-builder refuses hooks (afterPack) that resolve outside the project.
  cpSync(join(REPO, 'build'), join(projectDir, 'build'), { recursive: true });

  // The run's one build (scripts/ensure-built.mjs), copied whole: whatever else lies in out/ (the e2e
  // host, the bench pages) comes along, as it would when packing from a working copy.
  ensureBuilt();
  cpSync(join(REPO, 'out'), join(projectDir, 'out'), { recursive: true });
  for (const decoy of DECOYS) {
    const file = join(projectDir, decoy);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, '// must not be packaged\n');
  }

  const electronVersion = (
    JSON.parse(readFileSync(bin('electron/package.json'), 'utf8')) as { version: string }
  ).version;
  const electronDist = writePlaceholderElectronDist(join(root, 'electron-dist'), electronVersion);
  const cacheDir = join(root, 'cache');
  mkdirSync(cacheDir);
  const closed = 'http://127.0.0.1:9/';
  await run(
    [
      bin('electron-builder/cli.js'),
      '--linux',
      'dir',
      '--projectDir',
      projectDir,
      '--config',
      join(REPO, 'build/electron-builder.yml'),
      '--publish',
      'never',
      `-c.electronDist=${electronDist}`,
      '-c.npmRebuild=false',
      `-c.directories.output=${join(root, 'dist')}`,
    ],
    {
      cwd: projectDir,
      env: {
        ...process.env,
        ELECTRON_MIRROR: closed,
        ELECTRON_BUILDER_BINARIES_MIRROR: closed,
        // @electron/get's default cache (XDG_CACHE_HOME on Linux, LOCALAPPDATA on Windows) and
        // electron-builder's own: a download would land here if it did not fail on the closed port.
        XDG_CACHE_HOME: cacheDir,
        LOCALAPPDATA: cacheDir,
        electron_config_cache: cacheDir,
        ELECTRON_BUILDER_CACHE: cacheDir,
        HTTP_PROXY: closed,
        HTTPS_PROXY: closed,
        CSC_IDENTITY_AUTO_DISCOVERY: 'false',
      },
    },
  );
  return { root, projectDir, appOutDir: join(root, 'dist', 'linux-unpacked'), cacheDir };
}
