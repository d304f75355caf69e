import { createKeytarStore, type SecretStore } from '../../secrets';
import { createDeskVerification, type DeskVerification } from '../../security/user-check/desk-verification';
import { createPassphraseStore } from '../../security/user-check/passphrase-store';
import type { UserCheck } from '../../security/user-check/user-check';
import type { AppLockState } from '@shared/domain/app-lock';
import { countOpen } from '../../update/install-gate';
import { startAppLock, type AppLock } from '../app-lock';
import type { DisposableStore } from '../lifecycle';
import { withUserCheck, type Confirmer } from './confirmer';

/** Who is at the desk (issue 26 item 2): Touch ID, else the desk passphrase kept in the keychain. */
export function deskVerification(options: {
  userCheck: UserCheck;
  passphraseSecrets?: SecretStore | undefined;
}): DeskVerification {
  return createDeskVerification({
    check: options.userCheck,
    // A keychain service of its own: no profile's key can share an account name with the passphrase.
    store: createPassphraseStore(
      options.passphraseSecrets ?? createKeytarStore({ service: 'Merchant Desk passphrase' }),
    ),
  });
}

/**
 * Main's confirmation as every module uses it: refused while the desk is locked, then main's dialog,
 * then, for live money and a live profile's target, the OS user check or the desk passphrase.
 */
export const checkedConfirm = (
  confirm: Confirmer,
  verification: DeskVerification,
  lock: Pick<AppLock, 'guard'>,
): Confirmer => lock.guard(withUserCheck(confirm, verification.verify));

/**
 * The idle lock's own confirmation: an unlock also needs the user check, where this desk has one
 * (without Touch ID or a passphrase set, main's dialog alone decides, as before).
 */
export const unlockConfirm = (confirm: Confirmer, verification: DeskVerification): Confirmer =>
  withUserCheck(confirm, verification.verifyWhereSet);

/**
 * The one confirmation every module gets, assembled: counted while open (an update waits for it),
 * refused while the idle lock holds, then main's dialog, then the user check where it applies.
 */
export function composeDeskConfirm(
  options: {
    confirm: Confirmer;
    userCheck: UserCheck;
    passphraseSecrets?: SecretStore | undefined;
    idleSeconds?: (() => number) | undefined;
  },
  deps: { idleMinutes: () => number; onLockChange: (state: AppLockState) => void; owned: DisposableStore },
) {
  const confirmations = countOpen(options.confirm);
  const verification = deskVerification(options);
  const { lock, stop } = startAppLock({
    idleSeconds: options.idleSeconds ?? (() => 0),
    idleMinutes: deps.idleMinutes,
    confirm: unlockConfirm(confirmations.fn, verification),
    onChange: deps.onLockChange,
  });
  deps.owned.add(stop);
  return { confirmations, verification, lock, confirm: checkedConfirm(confirmations.fn, verification, lock) };
}
