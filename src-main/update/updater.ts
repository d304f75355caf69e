import type { KeyObject } from 'node:crypto';
import type { UpdateChannel, UpdateStatus } from '@shared/domain/updates';
import { channelFileName, parseFeed, type FeedRelease } from './feed';
import { signaturesFileName } from './release-signature';
import { UpdateRefusal } from './refusal';
import { rolloutDecision } from './rollout';
import { verifyUpdate, type DownloadedUpdate } from './verify-update';
import { compareVersions } from './version';

/** What downloads and installs (electron-updater in the app; a loopback downloader in the tests). */
export interface UpdateEngine {
  /** Downloads the release the channel's feed offers; resolves with the file and its version. */
  download(channel: UpdateChannel, release: FeedRelease): Promise<DownloadedUpdate>;
  /** Quits and installs the downloaded update. Called only once every check has passed. */
  install(): void;
}

export interface UpdaterDeps {
  engine: UpdateEngine;
  /** The update server's folder, ending in "/". */
  feedUrl: string;
  fetch: typeof fetch;
  platform: string;
  arch: string;
  currentVersion: string;
  /** This desk's id: its rollout bucket (rollout.ts). */
  deskId: string;
  publicKey: KeyObject | null;
  channel(): UpdateChannel;
  /** Why the app must not restart now (a write in flight, a confirmation open…), or null. */
  whyNotNow(): Promise<string | null>;
  onChange(status: UpdateStatus): void;
  now?: () => Date;
}

export interface Updater {
  status(): UpdateStatus;
  /** Asks the feed, and downloads and verifies what it offers; never installs. One check at a time. */
  check(): Promise<UpdateStatus>;
  /** "Restart and update": throws an UpdateRefusal (in words) unless a verified update waits and nothing is in flight. */
  restart(): Promise<void>;
  /** The channel changed: what was found on the other one no longer counts. */
  forget(): void;
}

const FETCH_LIMIT_MS = 30_000;

/**
 * The updater's decisions, without Electron: which release this desk is offered (a newer version, its
 * rollout stage, not halted), whether what was downloaded is what Merchant Desk signed, and whether
 * now is a moment to restart. Nothing here installs on its own: only restart() does, when asked.
 */
export function createUpdater(deps: UpdaterDeps): Updater {
  const now = deps.now ?? (() => new Date());
  let status: UpdateStatus = {
    currentVersion: deps.currentVersion,
    channel: deps.channel(),
    state: 'idle',
    version: null,
    message: null,
    checkedAt: null,
  };
  let ready: DownloadedUpdate | null = null;
  let running: Promise<UpdateStatus> | null = null;
  let generation = 0;

  const set = (next: Partial<UpdateStatus>) => {
    status = { ...status, channel: deps.channel(), ...next };
    deps.onChange(status);
    return status;
  };
  const get = async (name: string) => {
    const response = await deps.fetch(new URL(name, deps.feedUrl), {
      signal: AbortSignal.timeout(FETCH_LIMIT_MS),
    });
    if (!response.ok) throw new Error(`the update server answered ${response.status} for ${name}`);
    return response;
  };
  const signaturesOf = async (version: string): Promise<unknown> => {
    try {
      return await (await get(signaturesFileName(version))).json();
    } catch {
      return undefined; // verifyUpdate refuses a missing list in its own words
    }
  };
  const verify = async (update: DownloadedUpdate) =>
    verifyUpdate(update, {
      publicKey: deps.publicKey,
      currentVersion: deps.currentVersion,
      signatures: await signaturesOf(update.version),
    });

  /** Whether the feed now halts that version; an unreachable feed stops nothing (the file is verified). */
  const haltedSince = async (version: string) => {
    try {
      const release = parseFeed(
        await (await get(channelFileName(deps.channel(), deps.platform, deps.arch))).text(),
      );
      return (
        release.version === version &&
        rolloutDecision(release.stagingPercentage, deps.deskId, version) === 'halted'
      );
    } catch {
      return false;
    }
  };

  async function run(mine: number): Promise<UpdateStatus> {
    const channel = deps.channel();
    const stale = () => mine !== generation;
    set({ state: 'checking', version: null, message: null });
    let release: FeedRelease;
    try {
      release = parseFeed(await (await get(channelFileName(channel, deps.platform, deps.arch))).text());
    } catch (error) {
      return set({
        state: 'failed',
        checkedAt: now().toISOString(),
        message: `The update server could not be read (${error instanceof Error ? error.message : String(error)}). Nothing was downloaded; Merchant Desk asks again later.`,
      });
    }
    const checkedAt = now().toISOString();
    const newer = compareVersions(release.version, deps.currentVersion);
    if (newer <= 0)
      return set({
        state: 'up-to-date',
        checkedAt,
        message:
          newer < 0
            ? `The newest release on this channel is ${release.version}, older than the ${deps.currentVersion} you are running. Merchant Desk never goes back to an older version; nothing was downloaded.`
            : null,
      });
    const stage = rolloutDecision(release.stagingPercentage, deps.deskId, release.version);
    if (stage !== 'offered')
      return set({
        state: 'up-to-date',
        checkedAt,
        version: release.version,
        message:
          stage === 'halted'
            ? `Version ${release.version} has been stopped by Merchant Desk and is not offered; this desk stays on ${deps.currentVersion}.`
            : `Version ${release.version} is reaching desks in stages; this desk's turn has not come yet.`,
      });
    set({ state: 'downloading', checkedAt, version: release.version, message: null });
    try {
      const downloaded = await deps.engine.download(channel, release);
      if (downloaded.version !== release.version)
        throw new UpdateRefusal(
          'version-mismatch',
          `The update server offered version ${release.version}, but what it sent is version ${downloaded.version}. It was not installed.`,
        );
      await verify(downloaded);
      if (stale()) return status;
      ready = downloaded;
      return set({
        state: 'ready',
        message: `Version ${release.version} is downloaded and its signature checked. It is installed only when you choose "Restart and update".`,
      });
    } catch (error) {
      if (stale()) return status;
      if (error instanceof UpdateRefusal) return set({ state: 'refused', message: error.message });
      return set({
        state: 'failed',
        message: `Version ${release.version} could not be downloaded (${error instanceof Error ? error.message : String(error)}). Nothing was installed; Merchant Desk tries again later.`,
      });
    }
  }

  return {
    status: () => status,
    check() {
      if (running) return running;
      if (ready) return Promise.resolve(status); // already waiting for "Restart and update"
      const mine = ++generation;
      running = run(mine).finally(() => {
        if (mine === generation) running = null;
      });
      return running;
    },
    async restart() {
      if (!ready)
        throw new UpdateRefusal(
          'not-ready',
          'No checked update is waiting to be installed; nothing was done.',
        );
      const reason = await deps.whyNotNow();
      if (reason) throw new UpdateRefusal('busy', `Not restarting now: ${reason}`);
      // Checked again just before it is handed over: the file waited on disk since it was verified, and
      // the release may have been stopped since it downloaded.
      try {
        if (await haltedSince(ready.version))
          throw new UpdateRefusal(
            'halted',
            `Version ${ready.version} was stopped by Merchant Desk after it downloaded. It was not installed; this desk stays on ${deps.currentVersion}.`,
          );
        await verify(ready);
      } catch (error) {
        ready = null;
        if (error instanceof UpdateRefusal) set({ state: 'refused', message: error.message });
        throw error;
      }
      deps.engine.install();
    },
    forget() {
      generation++;
      running = null;
      ready = null;
      set({ state: 'idle', version: null, message: null });
    },
  };
}
