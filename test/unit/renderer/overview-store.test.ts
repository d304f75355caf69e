import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useFeesStore } from '@renderer/features/fees/fees-store';
import { useOverviewStore } from '@renderer/features/overview/overview-store';
import { useShellStore } from '@renderer/stores/shell-store';
import { installFakeMerchant, removeFakeMerchant } from './fake-merchant';

const overviewInitial = useOverviewStore.getState();
const feesInitial = useFeesStore.getState();
const shellInitial = useShellStore.getState();

const balancesOf = (totalUsd: string) => ({
  rows: [],
  totalUsd,
  fetchedAt: '2025-01-01T00:00:00.000Z',
  raw: {},
});

/** A fake answer the test releases by hand, to hold a request "in flight". */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

beforeEach(() => {
  useOverviewStore.setState(overviewInitial, true);
  useFeesStore.setState(feesInitial, true);
  useShellStore.setState(shellInitial, true);
});
afterEach(removeFakeMerchant);

describe('profile-scoped loading (defect 4)', () => {
  it('a refresh for a new profile starts at once while the old one is still loading', async () => {
    const slowA = deferred<unknown>();
    let calls = 0;
    installFakeMerchant({
      'balances.get': () => (++calls === 1 ? slowA.promise : { ok: true, data: balancesOf('200') }),
      'balances.history': () => ({ ok: true, data: { points: [] } }),
    });
    const first = useOverviewStore.getState().refresh('profile-a');
    expect(useOverviewStore.getState().loading).toBe(true);

    await useOverviewStore.getState().refresh('profile-b');
    let s = useOverviewStore.getState();
    expect(calls).toBe(2);
    expect(s).toMatchObject({ profileId: 'profile-b', loading: false, error: null });
    expect(s.balances?.totalUsd).toBe('200');

    // Profile A's late answer must not overwrite B's figures.
    slowA.resolve({ ok: true, data: balancesOf('100') });
    await first;
    s = useOverviewStore.getState();
    expect(s.profileId).toBe('profile-b');
    expect(s.balances?.totalUsd).toBe('200');
  });

  it('a second refresh for the profile already loading is dropped, not stacked', async () => {
    const slow = deferred<unknown>();
    let calls = 0;
    installFakeMerchant({
      'balances.get': () => (++calls, slow.promise),
      'balances.history': () => ({ ok: true, data: { points: [] } }),
    });
    const first = useOverviewStore.getState().refresh('profile-a');
    await useOverviewStore.getState().refresh('profile-a');
    expect(calls).toBe(1);
    slow.resolve({ ok: true, data: balancesOf('5') });
    await first;
    expect(useOverviewStore.getState()).toMatchObject({ loading: false, balances: { totalUsd: '5' } });
  });

  it('the fees store follows the same rule', async () => {
    const slowA = deferred<unknown>();
    let calls = 0;
    const view = (catalog: unknown[]) => ({ fees: {}, fetchedAt: '2025-01-01T00:00:00.000Z', catalog });
    installFakeMerchant({
      'fees.get': () => (++calls === 1 ? slowA.promise : { ok: true, data: view([]) }),
    });
    const first = useFeesStore.getState().load('profile-a');
    await useFeesStore.getState().load('profile-b');
    expect(useFeesStore.getState()).toMatchObject({ profileId: 'profile-b', loading: false });
    slowA.resolve({ ok: false, error: { kind: 'transport', message: 'A went away.' } });
    await first;
    expect(useFeesStore.getState()).toMatchObject({ profileId: 'profile-b', error: null });
    expect(useFeesStore.getState().view).not.toBeNull();
  });
});

describe('a poll that reads the same figures again (the charts are not drawn again)', () => {
  const row = {
    coin: 'USDT',
    network: 'tron',
    balance: '10.5',
    frozen: '0',
    available: '10.5',
    usd: '10.5',
    raw: {},
  };
  const point = { at: '2025-01-01T00:00:00.000Z', totalUsd: '10.5' };

  it('keeps the same rows and points when nothing changed, and takes new ones when something did', async () => {
    let total = '10.5';
    installFakeMerchant({
      'balances.get': () => ({ ok: true, data: { ...balancesOf(total), rows: [{ ...row, usd: total }] } }),
      'balances.history': () => ({ ok: true, data: { points: [{ ...point, totalUsd: total }] } }),
    });
    await useOverviewStore.getState().refresh('profile-a');
    const first = useOverviewStore.getState();
    await useOverviewStore.getState().refresh('profile-a');
    const again = useOverviewStore.getState();
    expect(again.balances).not.toBe(first.balances);
    expect(again.balances!.rows).toBe(first.balances!.rows);
    expect(again.history).toBe(first.history);

    total = '11';
    await useOverviewStore.getState().refresh('profile-a');
    const changed = useOverviewStore.getState();
    expect(changed.balances!.rows).not.toBe(first.balances!.rows);
    expect(changed.balances!.rows[0]!.usd).toBe('11');
    expect(changed.history).not.toBe(first.history);
    expect(changed.history[0]!.totalUsd).toBe('11');
  });
});
