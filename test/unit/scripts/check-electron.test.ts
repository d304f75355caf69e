import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkElectron, newestPatch, pinnedElectron } from '../../../scripts/check-electron.mjs';

const SCRIPT = fileURLToPath(new URL('../../../scripts/check-electron.mjs', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const REGISTRY_45 = ['45.0.0', '45.3.4', '45.4.1', '45.5.0', '45.6.0-beta.1'];
const scratch = mkdtempSync(join(tmpdir(), 'md-check-electron-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('newestPatch', () => {
  it('takes the highest stable version of the major, comparing numbers, not text', () => {
    expect(newestPatch(['45.9.0', '45.10.0', '45.10.2', '46.0.0', '45.11.0-alpha.1'], 45)).toBe('45.10.2');
    expect(newestPatch(['44.1.0', '46.0.0'], 45)).toBeNull();
  });
});

describe('checkElectron with a fake registry answer', () => {
  it('warns when a newer patch of the same major exists, and says how to move', async () => {
    const result = await checkElectron({ pinned: '45.4.1', query: () => REGISTRY_45 });
    expect(result.status).toBe('behind');
    expect(result.newest).toBe('45.5.0');
    expect(result.message).toContain('45.4.1 is pinned but 45.5.0 is the newest 45.x patch');
    expect(result.message).toContain('npm install -D -E electron@45.5.0 --ignore-scripts');
  });

  it('is content at the newest patch; a pre-release or a newer major does not count', async () => {
    const asked: number[] = [];
    const result = await checkElectron({
      pinned: '45.5.0',
      query: (major) => {
        asked.push(major);
        return [...REGISTRY_45, '46.0.0'];
      },
    });
    expect(asked).toEqual([45]);
    expect(result).toEqual({
      status: 'current',
      newest: '45.5.0',
      message: 'Electron 45.5.0 is the newest 45.x patch.',
    });
  });

  it('says it could not check when the registry cannot be reached, with the reason', async () => {
    const result = await checkElectron({
      pinned: '45.4.1',
      query: () => Promise.reject(new Error('getaddrinfo ENOTFOUND registry.npmjs.org')),
    });
    expect(result.status).toBe('unknown');
    expect(result.message).toBe(
      'Electron 45.4.1 is pinned; could not check for a newer 45.x patch (getaddrinfo ENOTFOUND registry.npmjs.org).',
    );
  });

  it('compares nothing when the registry lists no stable version of the major', async () => {
    const result = await checkElectron({ pinned: '45.4.1', query: () => ['46.0.0'] });
    expect(result.status).toBe('unknown');
  });
});

describe('pinnedElectron', () => {
  it("reads the lock's version, which is this repository's 45.x, pinned exactly in package.json too", () => {
    const pinned = pinnedElectron(ROOT);
    expect(pinned).toMatch(/^45\.\d+\.\d+$/);
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    expect(manifest.devDependencies.electron).toBe(pinned);
  });

  it('refuses a lock without a stable Electron', () => {
    const dir = join(scratch, 'lock');
    mkdirSync(dir);
    writeFileSync(
      join(dir, 'package-lock.json'),
      JSON.stringify({ packages: { 'node_modules/electron': { version: '45.0.0-beta.2' } } }),
    );
    expect(() => pinnedElectron(dir)).toThrow(/pins no stable Electron version \(found 45\.0\.0-beta\.2\)/);
  });
});

describe('npm run check:electron without a reachable registry', () => {
  it('says in one line that it could not check, and exits 0', () => {
    const run = spawnSync(process.execPath, [SCRIPT], {
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        ...process.env,
        // A closed port, no retries and an empty cache: npm has nothing to answer from.
        npm_config_registry: 'http://127.0.0.1:9/',
        npm_config_fetch_retries: '0',
        npm_config_cache: join(scratch, 'npm-cache'),
        npm_execpath: '',
      },
    });
    expect(run.status).toBe(0);
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    expect(run.stdout).toMatch(
      /^check:electron: Electron 45\.\d+\.\d+ is pinned; could not check for a newer 45\.x patch \(.*127\.0\.0\.1:9.*\)\.$/m,
    );
  });
});
