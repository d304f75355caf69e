import type { AppSettings } from '../../services/app-settings';
import type { Disposer } from '../lifecycle';
import { handleAll, type ChannelRegistry } from './channels';

/** `notifications:*`: the one preference that turns desktop notifications and toasts on or off. */
export function registerNotifications(router: ChannelRegistry, settings: AppSettings): Disposer {
  return handleAll(router, {
    'notifications:settings': () => settings.notifications(),
    'notifications:configure': (next) => settings.setNotifications(next),
  });
}
