import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const SCRIPT = join(__dirname, '../../../scripts/dist.mjs');
const CLOSED = 'http://127.0.0.1:9/';
const cache = mkdtempSync(join(tmpdir(), 'md-dist-cache-'));

/**
 * `npm run dist` where Electron cannot be fetched: an empty download cache (every OS's location
 * points into a temp folder) and a mirror on a closed port. NATIVE_ABI_SKIP guards the shared
 * node_modules should the script ever get past its first step.
 */
function distWithoutElectron(args: string[]) {
  return spawnSync(process.execPath, [SCRIPT, ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    env: {
      ...process.env,
      ELECTRON_MIRROR: CLOSED,
      XDG_CACHE_HOME: cache,
      HOME: cache,
      LOCALAPPDATA: cache,
      NATIVE_ABI_SKIP: '1',
    },
  });
}

afterAll(() => rmSync(cache, { recursive: true, force: true }));

describe('npm run dist where the Electron binary cannot be fetched', () => {
  it.each([[[]], [['--check']]])('says so in one line and exits 1, building nothing (args %j)', (args) => {
    const run = distWithoutElectron(args);
    expect(run.status).toBe(1);
    const lines = run.stderr.split('\n').filter((line) => line.trim() !== '');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^npm run dist: cannot build the installers: Electron \d+\.\d+\.\d+ for \w+-\w+ could not be fetched from http:\/\/127\.0\.0\.1:9\/ \(.+\); check the network or proxy, or set ELECTRON_MIRROR\.$/,
    );
    expect(run.stderr).not.toMatch(/^\s+at /m);
    // Nothing ran after the check: no build step announced, nothing downloaded.
    expect(run.stdout).not.toMatch(/==/);
    expect(
      readdirSync(cache, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.zip')),
    ).toEqual([]);
  });
});
