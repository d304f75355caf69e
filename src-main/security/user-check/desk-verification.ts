import { AppError } from '@shared/errors';
import type { PassphraseStatus } from '@shared/domain/user-check';
import { afterWrongTry, inMinutes, lockedMinutesLeft, MAX_WRONG_TRIES, NO_TRIES } from './lockout';
import { hashPassphrase, verifyPassphrase } from './passphrase-hash';
import type { PassphraseStore } from './passphrase-store';
import type { UserCheck } from './user-check';

const MIN_LENGTH = 8;
const MAX_LENGTH = 256;
const NOTHING_DONE = 'nothing was sent or changed';

export interface DeskVerification {
  /**
   * Throws unless the person at the desk proves who they are: Touch ID where the OS offers it, else
   * the desk passphrase in main's prompt (refused when none is set yet, and while it is locked).
   */
  verify(reason: string): Promise<void>;
  /**
   * As verify, but passes where this desk has no check yet (no Touch ID, no passphrase set): unlocking
   * the idle lock must never shut a person out of the Settings where the passphrase is set.
   */
  verifyWhereSet(reason: string): Promise<void>;
  status(): Promise<PassphraseStatus>;
  /** Asks for a new passphrase twice in main's prompt (the current one first, when one is set). */
  setPassphrase(): Promise<PassphraseStatus>;
}

export function createDeskVerification(deps: {
  check: UserCheck;
  store: PassphraseStore;
  now?: () => number;
}): DeskVerification {
  const { check, store } = deps;
  const now = deps.now ?? (() => Date.now());
  // One check at a time: two prompts at once could each read the same wrong-try count.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.then(run, run);
    queue = next.catch(() => undefined);
    return next;
  };

  const lockedError = (minutes: number) =>
    new AppError(
      'user-check-locked',
      `The desk passphrase was entered wrong ${MAX_WRONG_TRIES} times in a row, so it cannot be tried again for a while: try again ${inMinutes(minutes)}. Until then ${NOTHING_DONE}.`,
    );

  async function checkPassphrase(hash: string, reason: string): Promise<void> {
    const tries = await store.tries(now());
    const locked = lockedMinutesLeft(tries, now());
    if (locked !== null) throw lockedError(locked);
    const left = MAX_WRONG_TRIES - tries.wrong;
    const given = await check.askPassphrase({
      mode: 'check',
      reason,
      ...(tries.wrong > 0 ? { notice: `${left} tr${left === 1 ? 'y' : 'ies'} left before a pause.` } : {}),
    });
    if (given === null)
      throw new AppError('user-check-failed', `You cancelled the passphrase check, so ${NOTHING_DONE}.`);
    if (await verifyPassphrase(given, hash)) {
      if (tries.wrong > 0 || tries.lockedUntil !== null) await store.setTries(NO_TRIES);
      return;
    }
    const after = afterWrongTry(tries, now());
    await store.setTries(after);
    const minutes = lockedMinutesLeft(after, now());
    if (minutes !== null) throw lockedError(minutes);
    const remaining = MAX_WRONG_TRIES - after.wrong;
    throw new AppError(
      'user-check-failed',
      `That is not the desk passphrase, so ${NOTHING_DONE}. ${remaining} more wrong tr${remaining === 1 ? 'y' : 'ies'} and it pauses for a while.`,
    );
  }

  async function status(): Promise<PassphraseStatus> {
    const [hash, tries] = await Promise.all([store.hash(), store.tries(now())]);
    return {
      method: check.touchId?.canPrompt() ? 'touch-id' : 'passphrase',
      passphraseSet: hash !== null,
      lockedMinutes: lockedMinutesLeft(tries, now()),
    };
  }

  const verify = (reason: string, withoutOne: 'refuse' | 'pass') =>
    serial(async () => {
      if (check.touchId?.canPrompt()) {
        if (await check.touchId.prompt(reason)) return;
        throw new AppError('user-check-failed', `Touch ID did not confirm who you are, so ${NOTHING_DONE}.`);
      }
      const hash = await store.hash();
      if (hash === null && withoutOne === 'pass') return;
      if (hash === null)
        throw new AppError(
          'passphrase-not-set',
          `This desk has no passphrase yet, and live money needs one: set it in Settings → Desk passphrase, then try again. Until then ${NOTHING_DONE}.`,
        );
      await checkPassphrase(hash, reason);
    });

  return {
    verify: (reason) => verify(reason, 'refuse'),
    verifyWhereSet: (reason) => verify(reason, 'pass'),
    status,
    setPassphrase: () =>
      serial(async () => {
        const current = await store.hash();
        if (current !== null) await checkPassphrase(current, 'change the desk passphrase');
        const first = await check.askPassphrase({ mode: 'new', reason: 'set the desk passphrase' });
        if (first === null)
          throw new AppError('passphrase-not-changed', 'You cancelled; the desk passphrase was not changed.');
        const problem = passphraseProblem(first);
        if (problem)
          throw new AppError('passphrase-not-changed', `${problem} The desk passphrase was not changed.`);
        const again = await check.askPassphrase({ mode: 'repeat', reason: 'set the desk passphrase' });
        if (again !== first)
          throw new AppError(
            'passphrase-not-changed',
            'The two passphrases you typed differ; the desk passphrase was not changed. Try again.',
          );
        await store.setHash(await hashPassphrase(first));
        await store.setTries(NO_TRIES);
        return status();
      }),
  };
}

/** Why a new passphrase is refused, or null. Spaces are fine: a sentence makes a good passphrase. */
export function passphraseProblem(passphrase: string): string | null {
  if ([...passphrase].length < MIN_LENGTH) return `A desk passphrase has at least ${MIN_LENGTH} characters.`;
  if ([...passphrase].length > MAX_LENGTH) return `A desk passphrase has at most ${MAX_LENGTH} characters.`;
  if (/\p{Cc}/u.test(passphrase)) return 'A desk passphrase has no line breaks or control characters.';
  if (passphrase.trim() !== passphrase) return 'A desk passphrase does not start or end with a space.';
  return null;
}
