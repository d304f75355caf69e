import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UpdateChannel, UpdateStatus } from '@shared/domain/updates';
import { publicKeyFromBase64, signaturesFileName } from '@main/update/release-signature';
import { rolloutBucket } from '@main/update/rollout';
import { createUpdater, type UpdaterDeps } from '@main/update/updater';
import { makeReleaseKey, startUpdateServer } from '@test/helpers/update-server';

const key = makeReleaseKey();
const otherKey = makeReleaseKey();
const RUNNING = '1.4.0';

describe('the updater against a local update server', () => {
  let server: Awaited<ReturnType<typeof startUpdateServer>>;
  let changes: UpdateStatus[];
  let channel: UpdateChannel;
  let whyNot: string | null;
  const updater = (extra: Partial<UpdaterDeps> = {}) =>
    createUpdater({
      engine: server.engine,
      feedUrl: server.feedUrl,
      fetch,
      platform: 'linux',
      arch: 'x64',
      currentVersion: RUNNING,
      deskId: 'desk-a',
      publicKey: publicKeyFromBase64(key.publicKey),
      channel: () => channel,
      whyNotNow: async () => whyNot,
      onChange: (s) => changes.push(s),
      ...extra,
    });

  beforeEach(async () => {
    server = await startUpdateServer();
    changes = [];
    channel = 'stable';
    whyNot = null;
  });
  afterEach(() => server.close());

  it('offers a newer signed release, downloads and verifies it, and installs it only when asked', async () => {
    await server.publish({
      version: '1.5.0',
      bytes: Buffer.from('the real 1.5.0'),
      privatePem: key.privatePem,
    });
    const u = updater();
    const status = await u.check();
    expect(status).toMatchObject({ state: 'ready', version: '1.5.0', currentVersion: RUNNING });
    expect(status.message).toContain('Restart and update');
    expect(changes.map((c) => c.state)).toEqual(['checking', 'downloading', 'ready']);
    expect(server.requested).toContain('latest-linux.yml');
    expect(server.requested).toContain(signaturesFileName('1.5.0'));
    expect(server.engine.installs).toBe(0); // downloaded is not installed
    await u.restart();
    expect(server.engine.installs).toBe(1);
  });

  it('refuses a release signed by another key, in words, and never installs it', async () => {
    await server.publish({
      version: '1.5.0',
      bytes: Buffer.from('forged 1.5.0'),
      privatePem: otherKey.privatePem,
    });
    const u = updater();
    const status = await u.check();
    expect(status.state).toBe('refused');
    expect(status.message).toMatch(
      /signature does not match Merchant Desk's release key.*It was not installed/,
    );
    await expect(u.restart()).rejects.toThrow(/No checked update is waiting/);
    expect(server.engine.installs).toBe(0);
  });

  it('refuses an artifact changed after it was signed', async () => {
    const { artifact } = await server.publish({
      version: '1.5.0',
      bytes: Buffer.from('the real 1.5.0'),
      privatePem: key.privatePem,
    });
    server.replace(artifact, 'a changed 1.5.0');
    const status = await updater().check();
    expect(status.state).toBe('refused');
    expect(status.message).toMatch(/not one Merchant Desk signed: its contents were changed/);
  });

  it('refuses an old release passed off under a new version (signatures for another version)', async () => {
    await server.publish({ version: '1.5.0', bytes: Buffer.from('1.5.0'), privatePem: key.privatePem });
    await server.publish({ version: '1.3.0', bytes: Buffer.from('old 1.3.0'), privatePem: key.privatePem });
    // Whoever holds the server relabels 1.3.0 (genuinely signed) as 1.5.0.
    server.replace('Merchant-Desk-1.5.0.AppImage', Buffer.from('old 1.3.0'));
    server.replace(signaturesFileName('1.5.0'), server.read(signaturesFileName('1.3.0')));
    server.replace('latest-linux.yml', server.read('latest-linux.yml').replace(/1\.3\.0/g, '1.5.0'));
    const status = await updater().check();
    expect(status.state).toBe('refused');
    expect(status.message).toMatch(
      /calls this release version 1\.5\.0, but its signatures are for version 1\.3\.0/,
    );
  });

  it('refuses a download that is not the version the feed offered', async () => {
    await server.publish({ version: '1.5.0', bytes: Buffer.from('1.5.0'), privatePem: key.privatePem });
    const engine = { ...server.engine, download: async () => ({ file: '/nonexistent', version: '1.6.0' }) };
    const status = await updater({ engine }).check();
    expect(status).toMatchObject({ state: 'refused' });
    expect(status.message).toMatch(/offered version 1\.5\.0, but what it sent is version 1\.6\.0/);
  });

  it('does not go back to an older version, and says so', async () => {
    await server.publish({ version: '1.3.0', bytes: Buffer.from('old'), privatePem: key.privatePem });
    const status = await updater().check();
    expect(status.state).toBe('up-to-date');
    expect(status.message).toMatch(/1\.3\.0, older than the 1\.4\.0 you are running.*never goes back/);
    expect(server.requested).not.toContain('Merchant-Desk-1.3.0.AppImage');
  });

  it('refuses every update when the app was built without its release key', async () => {
    await server.publish({ version: '1.5.0', bytes: Buffer.from('1.5.0'), privatePem: key.privatePem });
    const status = await updater({ publicKey: null }).check();
    expect(status.state).toBe('refused');
    expect(status.message).toMatch(/built without its release key/);
  });

  it('refuses when the signatures file is missing', async () => {
    await server.publish({ version: '1.5.0', bytes: Buffer.from('1.5.0'), privatePem: key.privatePem });
    server.replace(signaturesFileName('1.5.0'), 'not json');
    const status = await updater().check();
    expect(status.state).toBe('refused');
    expect(status.message).toMatch(/signatures for version 1\.5\.0 is missing or unreadable/);
  });

  it('does not offer a halted release, nor one whose stage has not reached this desk', async () => {
    await server.publish({
      version: '1.5.0',
      bytes: Buffer.from('1.5.0'),
      privatePem: key.privatePem,
      stagingPercentage: 0,
    });
    const halted = await updater().check();
    expect(halted).toMatchObject({ state: 'up-to-date', version: '1.5.0' });
    expect(halted.message).toMatch(/has been stopped/);
    // A desk whose bucket is above the percentage waits; one below it is offered.
    const bucket = rolloutBucket('desk-a', '1.5.0');
    server.replace(
      'latest-linux.yml',
      server.read('latest-linux.yml').replace('stagingPercentage: 0', `stagingPercentage: ${bucket}`),
    );
    const waiting = await updater().check();
    expect(waiting.message).toMatch(/in stages; this desk's turn has not come yet/);
    server.replace(
      'latest-linux.yml',
      server
        .read('latest-linux.yml')
        .replace(`stagingPercentage: ${bucket}`, `stagingPercentage: ${bucket + 1}`),
    );
    expect((await updater().check()).state).toBe('ready');
    expect(server.requested.filter((r) => r.endsWith('.AppImage'))).toHaveLength(1);
  });

  it('reads the early-access channel file when the desk chose early access', async () => {
    await server.publish({
      version: '1.5.0-beta.1',
      bytes: Buffer.from('beta'),
      privatePem: key.privatePem,
      channel: 'early-access',
    });
    expect((await updater().check()).state).toBe('failed'); // stable has no feed on this server
    channel = 'early-access';
    const status = await updater().check();
    expect(status).toMatchObject({ state: 'ready', version: '1.5.0-beta.1', channel: 'early-access' });
    expect(server.requested).toContain('beta-linux.yml');
  });

  it('refuses "Restart and update" with the reason while something is in flight, then allows it', async () => {
    await server.publish({ version: '1.5.0', bytes: Buffer.from('1.5.0'), privatePem: key.privatePem });
    const u = updater();
    await u.check();
    whyNot = 'a payment request is being sent right now (journal entry 3).';
    await expect(u.restart()).rejects.toThrow(
      'Not restarting now: a payment request is being sent right now',
    );
    expect(server.engine.installs).toBe(0);
    whyNot = null;
    await u.restart();
    expect(server.engine.installs).toBe(1);
  });

  it('checks the file again before installing: one changed while it waited is refused', async () => {
    await server.publish({ version: '1.5.0', bytes: Buffer.from('1.5.0'), privatePem: key.privatePem });
    let downloaded = '';
    const engine = {
      ...server.engine,
      download: async (...args: Parameters<typeof server.engine.download>) => {
        const got = await server.engine.download(...args);
        downloaded = got.file;
        return got;
      },
    };
    const u = updater({ engine });
    expect((await u.check()).state).toBe('ready');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(downloaded, 'swapped while waiting');
    await expect(u.restart()).rejects.toThrow(/not one Merchant Desk signed/);
    expect(server.engine.installs).toBe(0);
    expect(u.status().state).toBe('refused');
  });

  it('does not install a release stopped after it downloaded', async () => {
    await server.publish({ version: '1.5.0', bytes: Buffer.from('1.5.0'), privatePem: key.privatePem });
    const u = updater();
    expect((await u.check()).state).toBe('ready');
    server.replace('latest-linux.yml', `${server.read('latest-linux.yml')}stagingPercentage: 0\n`);
    await expect(u.restart()).rejects.toThrow(
      /Version 1\.5\.0 was stopped by Merchant Desk after it downloaded/,
    );
    expect(server.engine.installs).toBe(0);
    expect(u.status()).toMatchObject({ state: 'refused' });
  });

  it('drops what a check found once the channel changed under it', async () => {
    await server.publish({ version: '1.5.0', bytes: Buffer.from('1.5.0'), privatePem: key.privatePem });
    let letGo: () => void = () => {};
    const held = new Promise<void>((resolve) => (letGo = resolve));
    const engine = {
      ...server.engine,
      download: async (...args: Parameters<typeof server.engine.download>) => {
        await held;
        return server.engine.download(...args);
      },
    };
    const u = updater({ engine });
    const first = u.check();
    await expect.poll(() => u.status().state).toBe('downloading');
    u.forget();
    letGo();
    await first;
    expect(u.status()).toMatchObject({ state: 'idle', version: null });
    await expect(u.restart()).rejects.toThrow(/No checked update is waiting/);
  });
});
