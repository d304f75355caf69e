import { createKeytarStore, type SecretStore } from '../../secrets';
import { createDeskVerification } from '../../security/user-check/desk-verification';
import { createPassphraseStore } from '../../security/user-check/passphrase-store';
import type { UserCheck } from '../../security/user-check/user-check';
import type { AppLock } from '../app-lock';
import { withUserCheck, type Confirmer } from './confirmer';

/**
 * Main's confirmation as every module uses it: refused while the desk is locked, then main's dialog,
 * then, for live money and a live profile's target, the OS user check or the desk passphrase
 * (issue 26 item 2). Also the verification itself, for Settings' passphrase card.
 */
export function checkedConfirm(options: {
  confirm: Confirmer;
  userCheck: UserCheck;
  passphraseSecrets?: SecretStore | undefined;
  lock: Pick<AppLock, 'guard'>;
}) {
  const verification = createDeskVerification({
    check: options.userCheck,
    // A keychain service of its own: no profile's key can share an account name with the passphrase.
    store: createPassphraseStore(
      options.passphraseSecrets ?? createKeytarStore({ service: 'Merchant Desk passphrase' }),
    ),
  });
  return { verification, confirm: options.lock.guard(withUserCheck(options.confirm, verification.verify)) };
}
