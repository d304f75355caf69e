import { CHAIN_KEY_ACCOUNT } from '../../storage/chain-seal';
import type { SecretStore } from '../../secrets';
import type { AppSettings } from '../../services/app-settings';
import type { ProfileStore } from '../../services/profiles';
import { exportDiagnostics, type DiagnosticsExportDeps } from '../diagnostics/export';
import { runtimeVersions } from '../diagnostics/runtime';
import { logDirOf } from '../logging/file-log';
import type { Disposer } from '../lifecycle';
import { handleAll, type ChannelRegistry } from './channels';

export interface DiagnosticsModuleDeps {
  appVersion: string;
  dataDir: string;
  journal: DiagnosticsExportDeps['journal'];
  profiles: Pick<ProfileStore, 'list' | 'active'>;
  /** The keychain itself (not the profile-bound view): the export reads every secret to keep it out. */
  keychain: Pick<SecretStore, 'get' | 'has'>;
  settings: Pick<AppSettings, 'notifications'>;
  /** The embedded sandbox's play-money key while it runs. */
  sandboxKey: () => string | null;
  choosePath: DiagnosticsExportDeps['choosePath'];
}

/** `app:about` and `diagnostics:export`: what Help → About shows and the zip support asks for. */
export function registerDiagnostics(router: ChannelRegistry, deps: DiagnosticsModuleDeps): Disposer {
  const { keychain, profiles } = deps;
  const logDir = logDirOf(deps.dataDir);
  const about = () => ({ version: deps.appVersion, ...runtimeVersions(), dataDir: deps.dataDir, logDir });
  const exportDeps: DiagnosticsExportDeps = {
    about,
    journal: deps.journal,
    profiles: () => ({ activeId: profiles.active().id, profiles: profiles.list() }),
    keyStored: (id) => keychain.has(id).catch(() => null),
    settings: () => ({ notifications: deps.settings.notifications() }),
    logDir,
    choosePath: deps.choosePath,
    // Read from the keychain at export time, so a key this run never loaded is kept out as well.
    knownSecrets: async () => {
      const accounts = [...profiles.list().map((p) => p.id), CHAIN_KEY_ACCOUNT];
      const stored = await Promise.all(accounts.map((a) => keychain.get(a).catch(() => null)));
      return [...stored, deps.sandboxKey()].filter((s): s is string => s !== null);
    },
  };
  return handleAll(router, {
    'app:about': about,
    'diagnostics:export': () => exportDiagnostics(exportDeps),
  });
}
