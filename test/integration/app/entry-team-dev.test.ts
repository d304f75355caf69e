import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEAM_DEV_VARIABLE } from '@main/app/team-dev-switch';
import { LOG_FILE, logDirOf } from '@main/app/logging/file-log';
import { APP_ENTRY_URL } from '@main/security/app-protocol';
import { entryLauncher } from '@test/helpers/entry-launch';

// src-main/index.ts imports `electron`; here that import is the stand-in of the running test.
const current = vi.hoisted(() => ({ electron: {} as Record<string, unknown> }));
vi.mock('electron', async () => (await import('@test/helpers/entry-launch')).electronModule(current));

const launch = entryLauncher(current);
const argv = process.argv;
afterEach(() => {
  delete process.env[TEAM_DEV_VARIABLE];
  process.argv = argv;
});

/** The Settings → Team connection test, from the app's own window, for a local socket folder. */
async function testSocket(run: Awaited<ReturnType<typeof launch>>) {
  const from = { sender: { id: run.contents[0]!.id }, senderFrame: { url: APP_ENTRY_URL, parent: null } };
  return run.invoke('team:test-connection', from, {
    host: join(tmpdir(), 'md-no-such-socket-folder'),
    database: 'merchant_desk',
    user: 'olga',
    password: 'pw',
  });
}

const SOCKET_REFUSED = /local socket folder is only for the demo team/;

// Issue 27: the team:dev switch opens the team connection to local sockets; an installed app never honours it.
describe('the team:dev switch', () => {
  it('an installed app ignores it: a socket is refused as for anyone, and the log says the switch was ignored', async () => {
    const data = mkdtempSync(join(tmpdir(), 'md-teamdev-'));
    process.env[TEAM_DEV_VARIABLE] = '1';
    // The packaged switch allow-list reads argv: the app as a person starts it, with no switches.
    process.argv = [process.execPath, 'merchant-desk'];
    const run = await launch(data, [], { isPackaged: true });
    expect(JSON.stringify(await testSocket(run))).toMatch(SOCKET_REFUSED);
    expect(readFileSync(join(logDirOf(data), LOG_FILE), 'utf8')).toContain(
      `${TEAM_DEV_VARIABLE} is set and ignored`,
    );
  });

  it('a development build honours it: the socket is tried (and not found here)', async () => {
    const data = mkdtempSync(join(tmpdir(), 'md-teamdev-'));
    process.env[TEAM_DEV_VARIABLE] = '1';
    const run = await launch(data);
    const answer = JSON.stringify(await testSocket(run));
    expect(answer).not.toMatch(SOCKET_REFUSED);
    expect(answer).toMatch(/"ok":true/);
  });

  it('a development build without it refuses a socket', async () => {
    const run = await launch(mkdtempSync(join(tmpdir(), 'md-teamdev-')));
    expect(JSON.stringify(await testSocket(run))).toMatch(SOCKET_REFUSED);
  });
});
