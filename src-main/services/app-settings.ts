import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { NotificationSettings } from '@shared/domain/notifications';
import { DEFAULT_IDLE_LOCK_MINUTES, IdleLockMinutes } from '@shared/domain/app-lock';
import { WithdrawalLimit, type WithdrawalRules } from '@shared/domain/address-book';
import { RegionSetting } from '@shared/domain/region';
import { setAsideUnreadable, writeFileAtomic } from './atomic-file';

const SettingsFile = z.strictObject({
  version: z.literal(1),
  notifications: NotificationSettings,
  /** Hosts the person approved (in main's own window) as wallet webhook_url targets. */
  webhookHosts: z.array(z.string()).default([]),
  /** Minutes without use after which the desk locks (app/app-lock.ts). */
  idleLockMinutes: IdleLockMinutes.default(DEFAULT_IDLE_LOCK_MINUTES),
  /** Withdrawals only to the active profile's address book (changed only after main's window). */
  bookOnly: z.boolean().default(false),
  /** Per-asset withdrawal limits (changed only after main's window). */
  withdrawalLimits: z.array(WithdrawalLimit).default([]),
  /** How numbers are written on screen (issue 29); null: the neutral form. */
  region: RegionSetting.shape.region.default(null),
});
type SettingsFile = z.infer<typeof SettingsFile>;

const DEFAULTS: SettingsFile = {
  version: 1,
  notifications: { enabled: true },
  webhookHosts: [],
  idleLockMinutes: DEFAULT_IDLE_LOCK_MINUTES,
  bookOnly: false,
  withdrawalLimits: [],
  region: null,
};

export interface AppSettings {
  notifications(): NotificationSettings;
  setNotifications(next: NotificationSettings): NotificationSettings;
  webhookHosts(): string[];
  /** Adds a host; the caller has had it confirmed in main's window. */
  approveWebhookHost(host: string): string[];
  idleLockMinutes(): number;
  /** The caller has checked the desk is unlocked, and had a longer time confirmed in main's window. */
  setIdleLockMinutes(minutes: number): number;
  withdrawalRules(): WithdrawalRules;
  /** The caller has had the change confirmed in main's window. */
  setBookOnly(bookOnly: boolean): WithdrawalRules;
  /** Replaces the asset's limits (both null: removes them); the caller has had it confirmed. */
  setWithdrawalLimit(limit: WithdrawalLimit): WithdrawalRules;
  region(): RegionSetting;
  setRegion(next: RegionSetting): RegionSetting;
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
  const rules = (): WithdrawalRules => ({ bookOnly: current.bookOnly, limits: current.withdrawalLimits });
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
    idleLockMinutes: () => current.idleLockMinutes,
    setIdleLockMinutes(minutes) {
      save({ ...current, idleLockMinutes: IdleLockMinutes.parse(minutes) });
      return current.idleLockMinutes;
    },
    withdrawalRules: () => rules(),
    setBookOnly(bookOnly) {
      save({ ...current, bookOnly });
      return rules();
    },
    setWithdrawalLimit(limit) {
      const others = current.withdrawalLimits.filter(
        (l) => l.coin !== limit.coin || l.network !== limit.network,
      );
      const keep = limit.perWithdrawal !== null || limit.daily !== null;
      save({ ...current, withdrawalLimits: keep ? [...others, WithdrawalLimit.parse(limit)] : others });
      return rules();
    },
    region: () => ({ region: current.region }),
    setRegion(next) {
      save({ ...current, region: RegionSetting.parse(next).region });
      return { region: current.region };
    },
  };
}
