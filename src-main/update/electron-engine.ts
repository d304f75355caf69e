import type { UpdateInfo } from 'electron-updater';
import type { UpdateChannel } from '@shared/domain/updates';
import { rolloutDecision } from './rollout';
import type { UpdateEngine } from './updater';

/** The parts of electron-updater's `autoUpdater` the engine uses (the app passes the real one). */
export interface AutoUpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  allowDowngrade: boolean;
  allowPrerelease: boolean;
  channel: string | null;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  isUserWithinRollout: (info: UpdateInfo) => boolean | Promise<boolean>;
  logger: { info(m: unknown): void; warn(m: unknown): void; error(m: unknown): void } | null;
  checkForUpdates(): Promise<{ isUpdateAvailable: boolean; updateInfo: { version: string } } | null>;
  downloadUpdate(): Promise<string[]>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
}

/**
 * electron-updater as the engine that downloads and installs, for NSIS (Windows), the zip beside the
 * DMG (macOS) and AppImage (Linux). It decides nothing on its own: main's updater (updater.ts) has
 * already chosen the release and checks the download against Merchant Desk's signature after it.
 * - autoDownload off: nothing is fetched before main's checks of version, stage and halt; main then
 *   starts the download itself, in the background, without asking the person.
 * - autoInstallOnAppQuit off: quitting never installs; only "Restart and update" does (quitAndInstall).
 * - allowDowngrade off, set again after every channel change (electron-updater turns it on then).
 * - Its own staged-rollout bucket is replaced by this desk's (rollout.ts), so both agree.
 * - Its feed is the one main reads (the build's, feed.ts), set here rather than taken from the
 *   app-update.yml electron-builder wrote; that file still gives it the Windows publisher below.
 * - Windows: electron-builder writes the pinned publisherName into app-update.yml, and electron-updater
 *   refuses an installer whose Authenticode signature does not name it (or has none).
 */
export function electronEngine(
  updater: AutoUpdaterLike,
  deskId: string,
  feedUrl: string,
  log: (line: string) => void,
): UpdateEngine {
  updater.setFeedURL({ provider: 'generic', url: feedUrl });
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = false;
  updater.logger = {
    info: (m) => log(`updates (electron-updater): ${String(m)}`),
    warn: (m) => log(`updates (electron-updater): ${String(m)}`),
    error: (m) => log(`updates (electron-updater): ${String(m)}`),
  };
  updater.isUserWithinRollout = (info) =>
    rolloutDecision(info.stagingPercentage, deskId, info.version) === 'offered';
  return {
    async download(channel: UpdateChannel, release) {
      updater.channel = channel === 'early-access' ? 'beta' : 'latest';
      updater.allowPrerelease = channel === 'early-access';
      updater.allowDowngrade = false;
      const found = await updater.checkForUpdates();
      if (!found?.isUpdateAvailable)
        throw new Error(`the update server no longer offers version ${release.version}`);
      const [file] = await updater.downloadUpdate();
      if (!file) throw new Error('electron-updater reported no downloaded file');
      return { file, version: found.updateInfo.version };
    },
    install() {
      // Not silent (the installer shows its progress), and the desk starts again afterwards.
      updater.quitAndInstall(false, true);
    },
  };
}

/**
 * Why this copy cannot update itself, or null when it can. A deb (or any Linux install other than the
 * AppImage) belongs to the system's package manager; a copy run from sources has no installer.
 */
export function whyNoSelfUpdate(copy: {
  isPackaged: boolean;
  platform: string;
  appImage: string | undefined;
}) {
  if (!copy.isPackaged)
    return 'Updates are checked only by an installed copy of Merchant Desk; this one runs from its sources.';
  if (copy.platform === 'linux' && !copy.appImage)
    return "This copy was installed as a system package (deb): your system's package manager updates it (for example `sudo apt upgrade`), not Merchant Desk itself.";
  if (!['win32', 'darwin', 'linux'].includes(copy.platform))
    return `Merchant Desk does not update itself on ${copy.platform}.`;
  return null;
}
