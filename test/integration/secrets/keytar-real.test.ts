import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { keyringSkipReason, runWithKeyring } from '@test/helpers/keyring';

const child = fileURLToPath(new URL('../../helpers/keyring-child.ts', import.meta.url));
const home = mkdtempSync(join(tmpdir(), 'md-keyring-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe.skipIf(keyringSkipReason !== undefined)('keytar store against a real Secret Service', () => {
  it('sets, reads, replaces and deletes one entry per profile', () => {
    const result = runWithKeyring(child, {
      HOME: home,
      XDG_DATA_HOME: join(home, 'data'),
      XDG_RUNTIME_DIR: home,
      MD_TEST_SERVICE: `Merchant Desk test ${process.pid}`,
    });
    expect(result.status, result.stderr).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(JSON.parse(lines[lines.length - 1] ?? '{}')).toEqual({
      hasBefore: false,
      getBefore: null,
      getAlpha: 'key-alpha-1',
      getBeta: 'key-beta-1',
      hasAlpha: true,
      getAlphaReplaced: 'key-alpha-2',
      getBetaAfterReplace: 'key-beta-1',
      deleteAlpha: true,
      deleteAlphaAgain: false,
      hasAlphaAfterDelete: false,
      getBetaAfterDelete: 'key-beta-1',
      otherServiceBeta: null,
    });
  });

  it('reports a session without a Secret Service as unavailable, with the fix', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, MD_MODE: 'unavailable' };
    env.DBUS_SESSION_BUS_ADDRESS = `unix:path=${join(home, 'no-bus')}`;
    delete env.DISPLAY;
    const result = spawnSync('node', ['--import', 'tsx', child], { encoding: 'utf8', env, timeout: 30_000 });
    expect(result.status, result.stderr).toBe(0);
    const { error } = JSON.parse(result.stdout.trim()) as { error: { kind: string; message: string } };
    expect(error.kind).toBe('keychain-unavailable');
    expect(error.message).toMatch(/install and unlock gnome-keyring/);
    expect(error.message).not.toContain('key-alpha-1');
  });
});

if (keyringSkipReason) console.warn(`skipped: ${keyringSkipReason}`);
