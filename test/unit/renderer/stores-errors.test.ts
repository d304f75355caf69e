import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useFeesStore } from '@renderer/features/fees/fees-store';
import { useOverviewStore } from '@renderer/features/overview/overview-store';
import { useShellStore } from '@renderer/stores/shell-store';
import { installFakeMerchant, removeFakeMerchant } from './fake-merchant';

const overviewInitial = useOverviewStore.getState();
const feesInitial = useFeesStore.getState();
const shellInitial = useShellStore.getState();
const row = {
  coin: 'usdt',
  network: 'tron',
  balance: '10.5',
  frozen: '0',
  available: '10.5',
  usd: '10.5',
  raw: { coin: 'usdt', extra: 1 },
};
const balances = { rows: [row], totalUsd: '10.5', fetchedAt: '2025-01-01T00:00:00.000Z', raw: {} };

beforeEach(() => {
  useOverviewStore.setState(overviewInitial, true);
  useFeesStore.setState(feesInitial, true);
  useShellStore.setState(shellInitial, true);
});
afterEach(removeFakeMerchant);

describe('store error handling', () => {
  it('says the bridge is missing instead of throwing', async () => {
    removeFakeMerchant();
    await useOverviewStore.getState().refresh('sandbox');
    expect(useOverviewStore.getState().error?.kind).toBe('unavailable');
    expect(useOverviewStore.getState().loading).toBe(false);
  });

  it('turns a throwing bridge into an error with what to do next', async () => {
    installFakeMerchant({
      'fees.get': () => {
        throw new Error('socket closed');
      },
    });
    await useFeesStore.getState().load('sandbox');
    const error = useFeesStore.getState().error;
    expect(error?.kind).toBe('internal');
    expect(error?.message).toMatch(/socket closed.*Try again/);
  });

  it('keeps the last balances on a failed refresh and records the refresh time on success', async () => {
    let fail = false;
    installFakeMerchant({
      'balances.get': () =>
        fail
          ? {
              ok: false,
              error: { kind: 'throttle', message: 'Too many requests.', retryAfterSeconds: 30 },
            }
          : { ok: true, data: balances },
      'balances.history': () => ({
        ok: true,
        data: { points: [{ at: balances.fetchedAt, totalUsd: '10.5' }] },
      }),
    });
    await useOverviewStore.getState().refresh('sandbox');
    expect(useShellStore.getState().lastRefreshAt).toBe(balances.fetchedAt);
    fail = true;
    await useOverviewStore.getState().refresh('sandbox');
    const s = useOverviewStore.getState();
    expect(s.balances?.totalUsd).toBe('10.5');
    expect(s.error?.retryAfterSeconds).toBe(30);
    expect(s.history).toHaveLength(1);
  });

  it("rejects a malformed balances answer and never shows another profile's data", async () => {
    installFakeMerchant({
      'balances.get': () => ({ ok: true, data: { rows: [{ coin: 'usdt', balance: 12.5 }], totalUsd: '1' } }),
      'balances.history': () => ({ ok: true, data: { points: [] } }),
    });
    useOverviewStore.setState({ profileId: 'sandbox', balances });
    await useOverviewStore.getState().refresh('live-1');
    const s = useOverviewStore.getState();
    expect(s.profileId).toBe('live-1');
    expect(s.balances).toBeNull();
    expect(s.error?.kind).toBe('malformed-answer');
  });

  it('answers with ok:false are kept as they are', async () => {
    installFakeMerchant({
      'profiles.activate': () => ({
        ok: false,
        error: { kind: 'not-found', message: 'That profile no longer exists.' },
      }),
    });
    await useShellStore.getState().activate('gone');
    expect(useShellStore.getState().profilesError?.message).toBe('That profile no longer exists.');
    expect(useShellStore.getState().switching).toBe(false);
  });
});
