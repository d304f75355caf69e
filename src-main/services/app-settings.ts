import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { NotificationSettings } from '@shared/domain/notifications';
import { setAsideUnreadable, writeFileAtomic } from './atomic-file';

const SettingsFile = z.strictObject({
  version: z.literal(1),
  notifications: NotificationSettings,
  /** Hosts the person approved (in main's own window) as wallet webhook_url targets. */
  webhookHosts: z.array(z.string()).default([]),
});
type SettingsFile = z.infer<typeof SettingsFile>;

const DEFAULTS: SettingsFile = { version: 1, notifications: { enabled: true }, webhookHosts: [] };

export interface AppSettings {
  notifications(): NotificationSettings;
  setNotifications(next: NotificationSettings): NotificationSettings;
  webhookHosts(): string[];
  /** Adds a host; the caller has had it confirmed in main's window. */
  approveWebhookHost(host: string): string[];
}

/**
 * The desk's own preferences, beside the profiles in the data folder. A preference is never worth
 * refusing to start over: a file that cannot be read (damaged, or a newer version's) is reported, set
 * aside (never overwritten) and the defaults are used.
 */
export function openAppSettings(dataDir: string, onWarning: (line: string) => void = () => {}): AppSettings {
  const file = join(dataDir, 'settings.json');
  let current = DEFAULTS;
  if (existsSync(file)) {
    try {
      current = SettingsFile.parse(JSON.parse(readFileSync(file, 'utf8')));
    } catch (error) {
      onWarning(
        `settings.json could not be read, defaults used: ${String(error)}; it was kept as ${setAsideUnreadable(file)}`,
      );
    }
  }
  const save = (updated: SettingsFile) => {
    writeFileAtomic(file, `${JSON.stringify(updated, null, 2)}\n`);
    current = updated;
  };
  return {
    notifications: () => current.notifications,
    setNotifications(next) {
      save({ ...current, notifications: NotificationSettings.parse(next) });
      return current.notifications;
    },
    webhookHosts: () => current.webhookHosts,
    approveWebhookHost(host) {
      if (!current.webhookHosts.includes(host))
        save({ ...current, webhookHosts: [...current.webhookHosts, host] });
      return current.webhookHosts;
    },
  };
}
