import { AppError } from '@shared/errors';
import type { UpdateStatus } from '@shared/domain/updates';
import type { Profile } from '@shared/domain/profile';
import { loadDeskId } from '../../storage/desk-id';
import type { JournalStore } from '../../storage/port';
import { whyNotNow } from '../../update/install-gate';
import { publicKeyFromBase64 } from '../../update/release-signature';
import { UpdateRefusal } from '../../update/refusal';
import { openUpdatePrefs } from '../../update/update-prefs';
import { createUpdater, type UpdateEngine } from '../../update/updater';
import type { Emit } from '../events';
import type { Disposer } from '../lifecycle';
import { handleAll, type ChannelRegistry } from './channels';

/**
 * How this copy updates itself: the app passes what src-main/update/self-update-setup.ts decided
 * (electron-updater with the build's feed and key), the tests a local update server and a key of their
 * own. Without an engine, this copy does not update itself, for the reason in `unavailable`.
 */
export type UpdatesOptions =
  | { engine: null; unavailable?: string }
  | {
      /** Makes the engine for this desk (its id draws the rollout bucket). */
      engine: (deskId: string) => UpdateEngine;
      /** The update server's folder, ending in "/". */
      feedUrl: string;
      /** The release key's public half (raw 32 bytes, base64) every update is checked against. */
      publicKey: string;
      platform?: string;
      arch?: string;
      /** How often to ask the update server (default every six hours); null: only when asked. */
      checkEveryMs?: number | null;
    };

const FIRST_CHECK_MS = 60_000;
const CHECK_EVERY_MS = 6 * 60 * 60_000;

/** `updates:*`: the Settings card's status, the check, the channel, and "Restart and update". */
export function registerUpdates(
  router: ChannelRegistry,
  deps: {
    options: { dataDir: string; appVersion: string; updates?: UpdatesOptions };
    journal: Pick<JournalStore, 'list' | 'findUnknown' | 'reconciliation'>;
    profiles: { list(): Profile[] };
    confirmations: { open(): number };
    emit: Emit<'updates:changed'>;
    log: (line: string) => void;
  },
): Disposer {
  const { dataDir, appVersion, updates } = deps.options;
  const prefs = openUpdatePrefs(dataDir, deps.log);
  const { journal } = deps;
  if (!updates?.engine) {
    const status = (): UpdateStatus => ({
      currentVersion: appVersion,
      channel: prefs.channel(),
      state: 'unavailable',
      version: null,
      message: updates?.unavailable ?? 'This copy of Merchant Desk does not update itself.',
      checkedAt: null,
    });
    const refuse = () => {
      throw new AppError('update-refused', status().message!);
    };
    return handleAll(router, {
      'updates:status': status,
      'updates:check': status,
      'updates:set-channel': ({ channel }) => (prefs.setChannel(channel), status()),
      'updates:restart': refuse,
    });
  }
  const deskId = loadDeskId(dataDir);
  const updater = createUpdater({
    engine: updates.engine(deskId),
    feedUrl: updates.feedUrl,
    fetch: (...args) => fetch(...args),
    platform: updates.platform ?? process.platform,
    arch: updates.arch ?? process.arch,
    currentVersion: appVersion,
    deskId,
    publicKey: publicKeyFromBase64(updates.publicKey),
    channel: prefs.channel,
    whyNotNow: () =>
      whyNotNow({
        sending: async () => (await journal.list({ state: 'sending', limit: 5 })).map((e) => e.id),
        unknown: async () => (await journal.findUnknown()).map((e) => e.id),
        openConfirmations: deps.confirmations.open,
        openReconciliations: async () => {
          const lists = deps.profiles.list().map((p) => journal.reconciliation.sessions.list(p.id));
          return (await Promise.all(lists)).flat().filter((s) => s.state === 'open').length;
        },
      }),
    onChange: (status) => deps.emit('updates:changed', status),
  });
  const log = (status: UpdateStatus) => {
    if (status.state === 'refused' || status.state === 'failed') deps.log(`updates: ${status.message}`);
    return status;
  };
  const check = () =>
    void updater.check().then(log, (error: unknown) => deps.log(`updates: ${String(error)}`));
  const every = updates.checkEveryMs === undefined ? CHECK_EVERY_MS : updates.checkEveryMs;
  const timers = every === null ? [] : [setTimeout(check, FIRST_CHECK_MS), setInterval(check, every)];
  for (const timer of timers) timer.unref();
  const unregister = handleAll(router, {
    'updates:status': () => updater.status(),
    'updates:check': () => (check(), updater.status()),
    'updates:set-channel': ({ channel }) => {
      if (channel !== prefs.channel()) {
        prefs.setChannel(channel);
        updater.forget();
        check();
      }
      return updater.status();
    },
    'updates:restart': async () => {
      try {
        await updater.restart();
      } catch (error) {
        if (error instanceof UpdateRefusal)
          throw new AppError('update-refused', error.message, { details: { reason: error.kind } });
        throw error;
      }
      deps.log(`updates: restarting into ${updater.status().version}`);
      return updater.status();
    },
  });
  return async () => {
    for (const timer of timers) clearTimeout(timer);
    await unregister();
  };
}
