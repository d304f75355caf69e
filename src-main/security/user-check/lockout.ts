/** Wrong passphrases in a row before the check locks. */
export const MAX_WRONG_TRIES = 5;
/** How long the passphrase check stays locked after the fifth wrong try. */
export const LOCKOUT_MS = 5 * 60_000;

/** Wrong tries since the last right one, and until when (ms since the epoch) the check is locked. */
export interface TriesState {
  wrong: number;
  lockedUntil: number | null;
}

export const NO_TRIES: TriesState = { wrong: 0, lockedUntil: null };

/** Minutes until the lock ends, rounded up, or null while the check is open. */
export function lockedMinutesLeft(state: TriesState, now: number): number | null {
  if (state.lockedUntil === null || state.lockedUntil <= now) return null;
  return Math.ceil((state.lockedUntil - now) / 60_000);
}

/** After a wrong passphrase: one more wrong try, or the lock once MAX_WRONG_TRIES is reached. */
export function afterWrongTry(state: TriesState, now: number): TriesState {
  // A lock that ran out starts a new count: five more tries, not one.
  const wrong = (lockedMinutesLeft(state, now) === null && state.lockedUntil !== null ? 0 : state.wrong) + 1;
  return wrong >= MAX_WRONG_TRIES
    ? { wrong: 0, lockedUntil: now + LOCKOUT_MS }
    : { wrong, lockedUntil: null };
}

/** "in about 4 minutes" / "in about 1 minute": how a person reads the lock. */
export const inMinutes = (minutes: number): string => `in about ${minutes} minute${minutes === 1 ? '' : 's'}`;

// Kept in the keychain beside the hash, so restarting the app does not give five more tries.
const PREFIX = 'md-tries-v1';

export const encodeTries = (state: TriesState): string =>
  [PREFIX, state.wrong, state.lockedUntil ?? 0].join('.');

/** A damaged or foreign value reads as locked for the full time: tampering never buys more tries. */
export function decodeTries(stored: string | null, now: number): TriesState {
  if (stored === null) return NO_TRIES;
  const [prefix, wrong, until, ...rest] = stored.split('.');
  const w = Number(wrong);
  const u = Number(until);
  if (prefix !== PREFIX || rest.length > 0 || !Number.isInteger(w) || w < 0 || !Number.isInteger(u) || u < 0)
    return { wrong: 0, lockedUntil: now + LOCKOUT_MS };
  return { wrong: Math.min(w, MAX_WRONG_TRIES - 1), lockedUntil: u === 0 ? null : u };
}
