import { afterEach, describe, expect, it } from 'vitest';
import type { UpdatesOptions } from '@main/app/modules/updates';
import { selfUpdateSetup } from '@main/update/self-update-setup';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';
import { makeReleaseKey, startUpdateServer } from '@test/helpers/update-server';

const releaseKey = makeReleaseKey();
const otherKey = makeReleaseKey();
let app: AppHarness | undefined;
let server: Awaited<ReturnType<typeof startUpdateServer>> | undefined;
afterEach(async () => {
  await app?.dispose();
  await server?.close();
  app = server = undefined;
});

/**
 * The app as src-main/index.ts wires it for an installed AppImage built with `builtKey` (or without a
 * key): what selfUpdateSetup decides, with the local server's engine in place of electron-updater.
 */
async function installedBuild(builtKey: string | null) {
  server = await startUpdateServer();
  await server.publish({ version: '0.1.0', bytes: Buffer.from('0.1.0'), privatePem: releaseKey.privatePem });
  const setup = selfUpdateSetup({
    isPackaged: true,
    platform: 'linux',
    appImage: '/opt/Merchant-Desk.AppImage',
    releaseKey: builtKey,
    feedUrl: server.feedUrl,
    env: {},
  });
  const updates: UpdatesOptions =
    setup.engine === 'none'
      ? { engine: null, unavailable: setup.unavailable }
      : { ...setup, engine: () => server!.engine, platform: 'linux', arch: 'x64', checkEveryMs: null };
  app = await startAppHarness({ updates });
  return app;
}

async function checked(harness: AppHarness) {
  await harness.ok('updates:check');
  // The download and its check run in the background: seconds on a loaded machine.
  await expect
    .poll(() => harness.ok('updates:status').then((s) => s.state), { timeout: 15_000 })
    .not.toMatch(/checking|downloading/);
  return harness.ok('updates:status');
}

describe("a build's release key is the one its updates are checked against", () => {
  it('built with the release key: a release signed by it is verified and waits for "Restart and update"', async () => {
    const harness = await installedBuild(releaseKey.publicKey);
    expect(await checked(harness)).toMatchObject({ state: 'ready', version: '0.1.0' });
  });

  it('built with another key: the same release is refused as not signed by Merchant Desk', async () => {
    const harness = await installedBuild(otherKey.publicKey);
    const status = await checked(harness);
    expect(status.state).toBe('refused');
    expect(status.message).toMatch(/signature does not match Merchant Desk's release key/);
    expect(server!.engine.installs).toBe(0);
  });

  it('built without a key: updates are off, said in words, and nothing is even downloaded', async () => {
    const harness = await installedBuild(null);
    const status = await harness.ok('updates:status');
    expect(status).toMatchObject({ state: 'unavailable' });
    expect(status.message).toMatch(/^Updates are off in this build: it has no release key/);
    expect((await harness.ok('updates:check')).state).toBe('unavailable');
    const refused = await harness.call('updates:restart');
    expect(refused).toMatchObject({ ok: false, error: { kind: 'update-refused' } });
    expect(server!.requested).toEqual([]);
    expect(server!.engine.installs).toBe(0);
  });
});
