import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useShellStore } from '@renderer/stores/shell-store';
import { installFakeMerchant, removeFakeMerchant, type FakeMerchant } from './fake-merchant';
import { ACME, SANDBOX } from './dom-merchant';

const initial = useShellStore.getState();
const CONNECTING = { state: 'connecting' as const, error: null, lastSuccessAt: null };
const ONLINE = { state: 'online' as const, error: null, lastSuccessAt: '2026-11-22T10:00:00.000Z' };
const SKEW = { offsetMs: 120, measuredAt: 1_763_805_600_000, warn: false, breaksWindow: false };

/** A read whose answer is held until `answer` is called: as when it travels behind a later push. */
function heldAnswer() {
  let answer!: (value: unknown) => void;
  const held = new Promise((done) => (answer = done));
  return { handler: () => held, answer };
}

let fake: FakeMerchant;
let stop: () => void;
beforeEach(() => useShellStore.setState({ ...initial }, true));
afterEach(() => {
  stop?.();
  removeFakeMerchant();
});

describe('shell store: a read answered before a push but arriving after it', () => {
  it('keeps the pushed connection status, not the older answer', async () => {
    const status = heldAnswer();
    fake = installFakeMerchant({
      'connection.status': status.handler,
      'clock.skew': () => ({ ok: true, data: SKEW }),
    });
    stop = useShellStore.getState().listen();
    const loading = useShellStore.getState().loadStatus();
    fake.emit('connection:status', ONLINE);
    status.answer({ ok: true, data: CONNECTING });
    await loading;
    expect(useShellStore.getState().connection?.state).toBe('online');
  });

  it('uses the answer when no push came meanwhile', async () => {
    fake = installFakeMerchant({
      'connection.status': () => ({ ok: true, data: ONLINE }),
      'clock.skew': () => ({ ok: true, data: SKEW }),
    });
    stop = useShellStore.getState().listen();
    await useShellStore.getState().loadStatus();
    expect(useShellStore.getState().connection?.state).toBe('online');
    expect(useShellStore.getState().skew).toEqual(SKEW);
  });

  it('keeps the pushed active profile, not an older list', async () => {
    const list = heldAnswer();
    fake = installFakeMerchant({ 'profiles.list': list.handler });
    stop = useShellStore.getState().listen();
    const loading = useShellStore.getState().loadProfiles();
    fake.emit('profiles:changed', { profiles: [SANDBOX, ACME], activeId: 'sandbox' });
    list.answer({ ok: true, data: { profiles: [SANDBOX, ACME], activeId: 'p-live' } });
    await loading;
    expect(useShellStore.getState().activeId).toBe('sandbox');
  });
});
