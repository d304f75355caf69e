import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refusedPort } from '@test/helpers/ports';
import { serveRelease, zip } from './fake-electron-mirror';
import { ROOT, cleanEnv, projectCopy } from './project-copy';

// `npm start` end to end in a throwaway copy of the project, with a stand-in for the Electron binary
// that records how it was launched. NATIVE_ABI_SKIP=1 is set on every run: the chain's rebuild step
// still runs and must say it skipped (asserted below), so the shared native addons are never switched.
// The copy also has no native addons at all, and the shared marker is compared before and after.

/**
 * The stand-in binary is a `#!` script and `npm` is spawned without a shell: both need macOS or Linux.
 * On Windows these tests skip (CI runs them on Debian).
 */
const POSIX_ONLY = process.platform === 'win32';

const VERSION = JSON.parse(readFileSync(join(ROOT, 'node_modules/electron/package.json'), 'utf8')).version;
const MARKER = join(ROOT, 'node_modules/.native-abi');
const marker = () => (existsSync(MARKER) ? readFileSync(MARKER, 'utf8') : '(none)');
// Written so it runs as CommonJS or as an ES module, wherever it lands.
const STAND_IN = `#!${process.execPath}
import('node:fs').then((fs) => fs.writeFileSync(process.env.MD_STANDIN_RECORD, JSON.stringify({
  self: process.argv[1], args: process.argv.slice(2), cwd: process.cwd(), devServer: process.env.ELECTRON_RENDERER_URL,
})));
`;

type Run = { code: number | null; output: string };
function npm(cwd: string, args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn('npm', args, { cwd, env });
    let output = '';
    child.stdout.on('data', (b) => (output += b));
    child.stderr.on('data', (b) => (output += b));
    child.on('close', (code) => resolve({ code, output }));
  });
}

const scratch = mkdtempSync(join(tmpdir(), 'md-start-scratch-'));
const record = join(scratch, 'launch.json');
const launched = () => JSON.parse(readFileSync(record, 'utf8'));
let project: string;
let markerBefore: string;
let mirror: { url: string; server: Server };

beforeAll(async () => {
  if (POSIX_ONLY) return;
  markerBefore = marker();
  project = projectCopy(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const standIn = Buffer.from(STAND_IN);
  mirror = await serveRelease(
    VERSION,
    zip([
      { name: 'electron', data: standIn, mode: 0o755 },
      { name: 'version', data: Buffer.from(VERSION), mode: 0o644 },
    ]),
  );
});

// Each launch must be recorded afresh: a record left from an earlier test would pass for this one.
beforeEach(() => rmSync(record, { force: true }));

afterAll(() => {
  mirror?.server.close();
  for (const dir of [project, scratch]) if (dir) rmSync(dir, { recursive: true, force: true });
  expect(marker()).toBe(markerBefore);
});

const env = (extra: Record<string, string>) =>
  cleanEnv({
    NATIVE_ABI_SKIP: '1',
    MD_STANDIN_RECORD: record,
    electron_config_cache: join(scratch, 'cache'),
    ...extra,
  });

describe.skipIf(POSIX_ONLY)('npm start', () => {
  it('respects ELECTRON_EXEC_PATH: launches that executable with the built app, downloads nothing', async () => {
    const standIn = join(scratch, 'my-electron');
    writeFileSync(standIn, STAND_IN);
    chmodSync(standIn, 0o755);
    const dead = `http://127.0.0.1:${await refusedPort()}/`;
    const run = await npm(project, ['start'], env({ ELECTRON_EXEC_PATH: standIn, ELECTRON_MIRROR: dead }));
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('native-abi: NATIVE_ABI_SKIP=1');
    expect(launched()).toEqual({ self: standIn, args: ['.'], cwd: project });
    expect(existsSync(join(project, 'out/main/index.js'))).toBe(true);
    expect(existsSync(join(project, 'node_modules/electron/path.txt'))).toBe(false);
  }, 180_000);

  it('on a fresh install, downloads the binary first, then launches it with the built app', async () => {
    rmSync(join(project, 'out'), { recursive: true, force: true });
    // The mirror's SHASUMS256.txt vouches for the stand-in (the bundled checksums are for the real zip).
    const run = await npm(
      project,
      ['start'],
      env({ ELECTRON_MIRROR: mirror.url, electron_use_remote_checksums: '1' }),
    );
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('native-abi: NATIVE_ABI_SKIP=1');
    expect(readFileSync(join(project, 'node_modules/electron/path.txt'), 'utf8')).toBe('electron');
    expect(launched()).toEqual({
      self: join(project, 'node_modules/electron/dist/electron'),
      args: ['.'],
      cwd: project,
    });
    expect(existsSync(join(project, 'out/main/index.js'))).toBe(true);
  }, 180_000);
});

describe.skipIf(POSIX_ONLY)('npm run dev', () => {
  it('on a fresh install, downloads the binary first, then launches it against the dev server', async () => {
    const fresh = projectCopy(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    try {
      const run = await npm(
        fresh,
        ['run', 'dev'],
        env({ ELECTRON_MIRROR: mirror.url, electron_use_remote_checksums: '1' }),
      );
      expect(run.code, run.output).toBe(0);
      expect(run.output).toContain('native-abi: NATIVE_ABI_SKIP=1');
      const { self, args, devServer } = launched();
      expect(self).toBe(join(fresh, 'node_modules/electron/dist/electron'));
      expect(args).toEqual(['.']);
      expect(devServer).toMatch(/^http:\/\/localhost:\d+\/?$/);
      expect(existsSync(join(fresh, 'out/main/index.js'))).toBe(true);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 180_000);
});

describe.skipIf(POSIX_ONLY)('scripts/ensure-electron.mjs', () => {
  it('says in one line what to do when the binary cannot be downloaded, and exits 1', async () => {
    const offline = projectCopy(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    try {
      const dead = `http://127.0.0.1:${await refusedPort()}/`;
      const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ['scripts/ensure-electron.mjs'], {
          cwd: offline,
          env: env({ ELECTRON_MIRROR: dead }),
        });
        let err = '';
        child.stderr.on('data', (b) => (err += b));
        child.on('close', (c) => resolve({ code: c, stderr: err }));
      });
      expect(code).toBe(1);
      const lines = stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`Could not download Electron ${VERSION} from ${dead}`);
      expect(lines[0]).toMatch(/check the network.*ELECTRON_MIRROR/);
      expect(stderr).not.toMatch(/^\s+at /m);
      expect(existsSync(join(offline, 'node_modules/electron/path.txt'))).toBe(false);
    } finally {
      rmSync(offline, { recursive: true, force: true });
    }
  }, 60_000);
});
