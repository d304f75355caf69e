import type { AppLockState } from '@shared/domain/app-lock';
import { AppError } from '@shared/errors';
import { requireConfirmation, type Confirmer } from './confirm/confirmer';

export interface AppLockDeps {
  /**
   * Seconds since the person last used the computer (Electron's powerMonitor.getSystemIdleTime in the
   * app). Main asks the system, never the page: a script in the page cannot keep the desk open.
   */
  idleSeconds: () => number;
  idleMinutes: () => number;
  /** Main's own window (never the page) decides an unlock. */
  confirm: Confirmer;
  onChange: (state: AppLockState) => void;
  /** Milliseconds, for "since the unlock" (a test clock in tests). */
  now?: () => number;
}

export interface AppLock {
  /** Locks if the desk has been idle for the set time; returns the state either way. */
  state(): AppLockState;
  lock(): AppLockState;
  /** Asks in main's window; a decline leaves the desk locked ('declined-in-main'). */
  unlock(): Promise<AppLockState>;
  /**
   * Main's confirmation, refused while the desk is locked: every act that needs it (a live
   * withdrawal, an override, a live profile's change, a new webhook host) is then refused in main.
   */
  guard(confirm: Confirmer): Confirmer;
}

/**
 * The idle lock (issue 26 item 2): after the set minutes without use the desk locks; the page shows
 * its lock screen, but whether it is locked, and whether it unlocks, is main's. After an unlock, idle
 * time counts from the unlock at the earliest, so the minutes before it never lock the desk again at once.
 */
export function createAppLock(deps: AppLockDeps): AppLock {
  const now = deps.now ?? (() => Date.now());
  let locked = false;
  // Set by an unlock: the system's idle time may still count minutes from before it.
  let unlockedAt: number | null = null;

  const current = (): AppLockState => ({ locked, idleMinutes: deps.idleMinutes() });
  function set(next: boolean): AppLockState {
    if (next !== locked) {
      locked = next;
      if (!next) unlockedAt = now();
      deps.onChange(current());
    }
    return current();
  }
  function state(): AppLockState {
    const limit = deps.idleMinutes() * 60;
    const sinceUnlock = unlockedAt === null ? Infinity : (now() - unlockedAt) / 1000;
    const idle = Math.min(deps.idleSeconds(), sinceUnlock);
    if (!locked && idle >= limit) return set(true);
    return current();
  }

  return {
    state,
    lock: () => set(true),
    async unlock() {
      if (!state().locked) return current();
      await requireConfirmation(deps.confirm, {
        title: 'Unlock Merchant Desk?',
        lines: [
          `The desk locked after ${deps.idleMinutes()} minutes without use, or when someone locked it.`,
          'Unlock it only if you are the person who should be working at this desk.',
        ],
        confirmLabel: 'Unlock',
        // Then Touch ID or the desk passphrase, where this desk has one (app/confirm/checked-confirm.ts).
        userCheck: 'unlock Merchant Desk',
      });
      return set(false);
    },
    guard: (confirm) => async (request) => {
      if (state().locked)
        throw new AppError(
          'desk-locked',
          'Merchant Desk is locked. Unlock it first; nothing was sent or changed.',
        );
      return confirm(request);
    },
  };
}

/** How often main asks the system whether the desk has been idle long enough to lock. */
const IDLE_CHECK_MS = 15_000;

/**
 * The desk's lock with its idle check running (stopped by the returned `stop`), and main's
 * confirmation guarded by it: while locked, every act that needs main's confirmation is refused.
 */
export function startAppLock(deps: AppLockDeps): { lock: AppLock; confirm: Confirmer; stop: () => void } {
  const lock = createAppLock(deps);
  const idleCheck = setInterval(() => lock.state(), IDLE_CHECK_MS);
  idleCheck.unref();
  return { lock, confirm: lock.guard(deps.confirm), stop: () => clearInterval(idleCheck) };
}
