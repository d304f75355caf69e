import type { UpdateInfo } from 'electron-updater';
import { describe, expect, it } from 'vitest';
import { electronEngine, whyNoSelfUpdate, type AutoUpdaterLike } from '@main/update/electron-engine';
import { rolloutBucket } from '@main/update/rollout';

const info = (stagingPercentage: number): UpdateInfo => ({
  version: '1.5.0',
  stagingPercentage,
  files: [],
  path: 'Merchant-Desk-1.5.0.AppImage',
  sha512: '',
  releaseDate: '2026-11-26T08:00:00.000Z',
});

function fakeUpdater(found: { isUpdateAvailable: boolean; version: string } | null) {
  const calls: string[] = [];
  const updater: AutoUpdaterLike = {
    autoDownload: true,
    autoInstallOnAppQuit: true,
    allowDowngrade: true,
    allowPrerelease: false,
    channel: null,
    setFeedURL: (options) => void calls.push(`feed ${options.provider} ${options.url}`),
    isUserWithinRollout: () => true,
    logger: null,
    checkForUpdates: async () => {
      calls.push(`check ${updater.channel} downgrade=${updater.allowDowngrade}`);
      return found && { isUpdateAvailable: found.isUpdateAvailable, updateInfo: { version: found.version } };
    },
    downloadUpdate: async () => (calls.push('download'), ['/cache/Merchant-Desk-1.5.0.AppImage']),
    quitAndInstall: (silent, runAfter) => void calls.push(`install silent=${silent} runAfter=${runAfter}`),
  };
  return { updater, calls };
}

describe('electron-updater as the engine', () => {
  it("never downloads or installs on its own, never downgrades, and uses this desk's rollout bucket", async () => {
    const { updater, calls } = fakeUpdater({ isUpdateAvailable: true, version: '1.5.0' });
    const engine = electronEngine(updater, 'desk-a', 'https://updates.desk.test/desk/', () => {});
    expect(updater).toMatchObject({ autoDownload: false, autoInstallOnAppQuit: false });
    const bucket = rolloutBucket('desk-a', '1.5.0');
    expect(await updater.isUserWithinRollout(info(bucket + 1))).toBe(true);
    expect(await updater.isUserWithinRollout(info(bucket))).toBe(false);
    expect(await updater.isUserWithinRollout(info(0))).toBe(false);

    const got = await engine.download('early-access', { version: '1.5.0' });
    expect(got).toEqual({ file: '/cache/Merchant-Desk-1.5.0.AppImage', version: '1.5.0' });
    expect(calls).toEqual([
      'feed generic https://updates.desk.test/desk/',
      'check beta downgrade=false',
      'download',
    ]);
    expect(updater.allowPrerelease).toBe(true);
    expect(calls.some((c) => c.startsWith('install'))).toBe(false);
    engine.install();
    expect(calls.at(-1)).toBe('install silent=false runAfter=true');
  });

  it('fails when the server no longer offers the release main chose', async () => {
    const { updater, calls } = fakeUpdater({ isUpdateAvailable: false, version: '1.4.0' });
    await expect(
      electronEngine(updater, 'desk-a', 'https://u.desk.test/', () => {}).download('stable', {
        version: '1.5.0',
      }),
    ).rejects.toThrow('no longer offers version 1.5.0');
    expect(calls).toEqual(['feed generic https://u.desk.test/', 'check latest downgrade=false']);
  });
});

describe('which copies update themselves', () => {
  it('installed copies on Windows, macOS and as an AppImage; not a deb, not a copy run from sources', () => {
    expect(whyNoSelfUpdate({ isPackaged: true, platform: 'win32', appImage: undefined })).toBeNull();
    expect(whyNoSelfUpdate({ isPackaged: true, platform: 'darwin', appImage: undefined })).toBeNull();
    expect(whyNoSelfUpdate({ isPackaged: true, platform: 'linux', appImage: '/opt/x.AppImage' })).toBeNull();
    expect(whyNoSelfUpdate({ isPackaged: true, platform: 'linux', appImage: undefined })).toMatch(
      /system's package manager updates it/,
    );
    expect(whyNoSelfUpdate({ isPackaged: false, platform: 'win32', appImage: undefined })).toMatch(
      /runs from its sources/,
    );
  });
});
