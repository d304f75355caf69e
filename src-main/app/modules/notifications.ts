import type { AppSettings } from '../../services/app-settings';
import type { Disposer } from '../lifecycle';
import { handleAll, type ChannelRegistry } from './channels';

/** `notifications:*`: the one preference that turns desktop notifications and toasts on or off. */
export function registerNotifications(router: ChannelRegistry, settings: AppSettings): Disposer {
  return handleAll(router, {
    'notifications:settings': () => settings.notifications(),
    'notifications:configure': (next) => settings.setNotifications(next),
    // The Region (issue 29), a display preference like the one above.
    'settings:region': () => settings.region(),
    'settings:set-region': (next) => settings.setRegion(next),
  });
}
