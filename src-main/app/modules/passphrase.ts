import { AppError } from '@shared/errors';
import type { DeskVerification } from '../../security/user-check/desk-verification';
import type { Disposer } from '../lifecycle';
import { handleAll, type ChannelRegistry } from './channels';

/**
 * `passphrase:*`: how this desk checks who is at it, and setting the desk passphrase. The page only
 * asks; the passphrase is typed in main's own window and stored as a hash in the OS keychain.
 */
export function registerPassphrase(
  router: ChannelRegistry,
  deps: { verification: DeskVerification; locked: () => boolean },
): Disposer {
  return handleAll(router, {
    'passphrase:status': () => deps.verification.status(),
    'passphrase:set': () => {
      // Whoever walks up to a locked desk must not choose the passphrase that guards its money.
      if (deps.locked())
        throw new AppError('desk-locked', 'Merchant Desk is locked. Unlock it first; nothing was changed.');
      return deps.verification.setPassphrase();
    },
  });
}
