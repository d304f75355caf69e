import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useShellStore } from '@renderer/stores/shell-store';
import { installFakeMerchant, removeFakeMerchant, type FakeMerchant } from './fake-merchant';
import { ACME, SANDBOX } from './dom-merchant';

// Issue 25, item 7: a skew measured while the Sandbox profile was active ("+87 900 s off") stayed in
// the top bar and blocked sending after a switch to a live profile.
const initial = useShellStore.getState();
const DAY_OFF = { offsetMs: 87_900_000, measuredAt: 1_763_805_600_000, warn: true, breaksWindow: true };
const LIVE_SKEW = { offsetMs: 400, measuredAt: 1_763_805_700_000, warn: false, breaksWindow: false };

let fake: FakeMerchant;
let stop: () => void;
beforeEach(() => useShellStore.setState({ ...initial }, true));
afterEach(() => {
  stop?.();
  removeFakeMerchant();
});

describe('shell store: the clock skew belongs to the profile it was measured on', () => {
  it('forgets the previous profile’s skew on a switch, and takes the new profile’s own', () => {
    fake = installFakeMerchant({});
    stop = useShellStore.getState().listen();
    fake.emit('profiles:changed', { profiles: [SANDBOX, ACME], activeId: SANDBOX.id });
    fake.emit('clock:skew', DAY_OFF);
    expect(useShellStore.getState().skew).toEqual(DAY_OFF);

    fake.emit('profiles:changed', { profiles: [SANDBOX, ACME], activeId: ACME.id });
    expect(useShellStore.getState().skew).toBeNull();
    fake.emit('clock:skew', LIVE_SKEW);
    expect(useShellStore.getState().skew).toEqual(LIVE_SKEW);
  });

  it('keeps the skew when the same profile’s list changes (a rename)', () => {
    fake = installFakeMerchant({});
    stop = useShellStore.getState().listen();
    fake.emit('profiles:changed', { profiles: [SANDBOX, ACME], activeId: ACME.id });
    fake.emit('clock:skew', LIVE_SKEW);
    fake.emit('profiles:changed', { profiles: [SANDBOX, { ...ACME, name: 'Acme Ltd' }], activeId: ACME.id });
    expect(useShellStore.getState().skew).toEqual(LIVE_SKEW);
  });
});
