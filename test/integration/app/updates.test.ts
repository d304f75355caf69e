import { afterEach, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';
import { makeReleaseKey, startUpdateServer } from '@test/helpers/update-server';

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const key = makeReleaseKey();
let app: AppHarness | undefined;
let server: Awaited<ReturnType<typeof startUpdateServer>> | undefined;
afterEach(async () => {
  await app?.dispose();
  await server?.close();
  app = server = undefined;
});

/** The real services (app version 0.0.0-test) with the updater pointed at a local update server. */
async function start() {
  server = await startUpdateServer();
  await server.publish({ version: '0.1.0', bytes: Buffer.from('0.1.0'), privatePem: key.privatePem });
  const harness = await startAppHarness({
    updates: {
      engine: () => server!.engine,
      feedUrl: server.feedUrl,
      publicKey: key.publicKey,
      platform: 'linux',
      arch: 'x64',
      checkEveryMs: null,
    },
  });
  app = harness;
  return harness;
}

/** Starts a check and waits for the push that says it ended. */
async function checked(harness: AppHarness) {
  expect((await harness.ok('updates:check')).state).toBe('checking');
  // The download and its check run in the background: seconds on a loaded machine.
  await expect
    .poll(() => harness.ok('updates:status').then((s) => s.state), { timeout: 15_000 })
    .not.toMatch(/checking|downloading/);
  return harness.ok('updates:status');
}

describe('updates through the app', () => {
  it('refuses "Restart and update" while an unknown withdrawal exists, and allows it once it is resolved', async () => {
    const harness = await start();
    expect(await checked(harness)).toMatchObject({ state: 'ready', version: '0.1.0', channel: 'stable' });
    expect(
      harness.events
        .filter((e) => e.channel === 'updates:changed')
        .map((e) => (e.payload as { state: string }).state),
    ).toEqual(['checking', 'downloading', 'ready']);

    harness.sandbox.control.injectFault('createWithdrawal', { kind: 'drop-after' }, 1);
    const lost = await harness.ok('withdrawals:create', {
      coin: 'usdt',
      network: 'tron',
      amount: '10',
      to_address: ADDRESS,
    });
    expect(lost.outcome).toBe('unknown');
    const refused = await harness.call('updates:restart');
    expect(refused).toMatchObject({
      ok: false,
      error: { kind: 'update-refused', details: { reason: 'busy' } },
    });
    expect(!refused.ok && refused.error.message).toBe(
      `Not restarting now: nobody knows yet whether a request was carried out (journal entry ${lost.journalId}). Resolve it in the Journal first, then restart.`,
    );
    expect(server!.engine.installs).toBe(0);

    await harness.ok('journal:resolve', {
      id: lost.journalId,
      performed: false,
      reason: 'Not on the service dashboard.',
      name: 'Dana Ruiz',
    });
    expect((await harness.ok('updates:restart')).version).toBe('0.1.0');
    expect(server!.engine.installs).toBe(1);
  });

  it('refuses while a reconciliation session is open, and allows it once closed', async () => {
    const harness = await start();
    await checked(harness);
    const session = await harness.ok('reconcile:start', {
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-02T00:00:00.000Z',
    });
    const refused = await harness.call('updates:restart');
    expect(!refused.ok && refused.error.message).toMatch(/a reconciliation session is open\. Close it first/);
    await harness.ok('reconcile:close', {
      id: session.id,
      name: 'Dana Ruiz',
      note: 'Nothing moved that day.',
      withExceptions: true,
    });
    await harness.ok('updates:restart');
    expect(server!.engine.installs).toBe(1);
  });

  it('keeps the channel the person chose, and checks it at once', async () => {
    const harness = await start();
    const status = await harness.ok('updates:set-channel', { channel: 'early-access' });
    expect(status.channel).toBe('early-access');
    await expect.poll(() => server!.requested, { timeout: 15_000 }).toContain('beta-linux.yml');
    await harness.dispose();
    app = await startAppHarness({
      dataDir: harness.dataDir,
      updates: { engine: null, unavailable: 'Not here.' },
    });
    expect(await app.ok('updates:status')).toMatchObject({
      channel: 'early-access',
      state: 'unavailable',
      message: 'Not here.',
    });
    const refused = await app.call('updates:restart');
    expect(refused).toMatchObject({ ok: false, error: { kind: 'update-refused', message: 'Not here.' } });
  });

  it('says this copy does not update itself when it has no updater', async () => {
    app = await startAppHarness();
    expect(await app.ok('updates:status')).toMatchObject({
      state: 'unavailable',
      currentVersion: '0.0.0-test',
    });
  });
});
