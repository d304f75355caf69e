import type { AppSettings } from '../../services/app-settings';
import type { AppLock } from '../app-lock';
import { requireConfirmation, type Confirmer } from '../confirm/confirmer';
import type { Disposer } from '../lifecycle';
import { handleAll, type ChannelRegistry } from './channels';

export interface AppLockModuleDeps {
  lock: AppLock;
  settings: Pick<AppSettings, 'idleLockMinutes' | 'setIdleLockMinutes'>;
  /** Main's confirmation as the lock guards it: refused while the desk is locked. */
  confirm: Confirmer;
}

/**
 * `lock:*`: the page may ask whether the desk is locked and lock it at any time; unlocking is decided
 * in main's window. A shorter idle time is always safe; a longer one is confirmed there too, so a
 * script in the page cannot keep the desk open for longer.
 */
export function registerAppLock(router: ChannelRegistry, deps: AppLockModuleDeps): Disposer {
  return handleAll(router, {
    'lock:status': () => deps.lock.state(),
    'lock:lock': () => deps.lock.lock(),
    'lock:unlock': () => deps.lock.unlock(),
    'lock:set-idle-minutes': async ({ minutes }) => {
      const before = deps.settings.idleLockMinutes();
      if (minutes > before)
        await requireConfirmation(deps.confirm, {
          title: `Let the desk stay unlocked for ${minutes} minutes without use?`,
          lines: [
            `Now it locks after ${before} minutes without use.`,
            `After this change, after ${minutes} minutes.`,
          ],
          confirmLabel: 'Change',
        });
      deps.settings.setIdleLockMinutes(minutes);
      return deps.lock.state();
    },
  });
}
