import { describe, expect, it } from 'vitest';
import {
  afterWrongTry,
  decodeTries,
  encodeTries,
  LOCKOUT_MS,
  lockedMinutesLeft,
  NO_TRIES,
} from '@main/security/user-check/lockout';

describe('wrong desk passphrases in a row', () => {
  it('locks after the fifth, for five minutes, and opens again with five fresh tries', () => {
    let state = NO_TRIES;
    for (let i = 1; i <= 4; i++) {
      state = afterWrongTry(state, 1_000);
      expect(state).toEqual({ wrong: i, lockedUntil: null });
    }
    state = afterWrongTry(state, 1_000);
    expect(state.lockedUntil).toBe(1_000 + LOCKOUT_MS);
    expect(lockedMinutesLeft(state, 1_000)).toBe(5);
    expect(lockedMinutesLeft(state, 1_000 + LOCKOUT_MS - 1)).toBe(1);
    expect(lockedMinutesLeft(state, 1_000 + LOCKOUT_MS)).toBeNull();
    // The lock ran out: the next wrong try is the first of five, not the fifth again.
    expect(afterWrongTry(state, 1_000 + LOCKOUT_MS)).toEqual({ wrong: 1, lockedUntil: null });
  });

  it('survives a round trip through the keychain, and a tampered value reads as locked', () => {
    const state = { wrong: 3, lockedUntil: null };
    expect(decodeTries(encodeTries(state), 0)).toEqual(state);
    expect(decodeTries(null, 0)).toEqual(NO_TRIES);
    for (const tampered of ['md-tries-v1.-1.0', 'md-tries-v1.x.0', 'other', 'md-tries-v1.0.0.0']) {
      expect(lockedMinutesLeft(decodeTries(tampered, 50), 50)).toBe(5);
    }
    // A count edited above the limit still allows only the one try left.
    expect(decodeTries('md-tries-v1.99.0', 0)).toEqual({ wrong: 4, lockedUntil: null });
  });
});
