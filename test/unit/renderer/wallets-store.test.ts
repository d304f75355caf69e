import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useWalletsStore } from '@renderer/features/wallets/wallets-store';
import { waitText } from '@renderer/features/wallets/wallet-words';
import { installFakeMerchant, removeFakeMerchant } from './fake-merchant';

const initial = useWalletsStore.getState();
const ADDRESS = 'TLF23vkQSwjt98NpNwPiAAYb8fXu7ofnF1';
const created = {
  journalId: '7',
  outcome: 'accepted',
  data: { id: 'wal_1', address: ADDRESS, qr_code_url: 'http://127.0.0.1:1/v1/wallet-addresses/wal_1/qr' },
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

beforeEach(() => useWalletsStore.setState(initial, true));
afterEach(removeFakeMerchant);

describe('wallets store', () => {
  it('a second create while the first is on its way sends nothing', async () => {
    const answer = deferred<unknown>();
    const fake = installFakeMerchant({
      'wallets.create': () => answer.promise,
      'wallets.list': () => ({ ok: true, data: { wallets: [] } }),
    });
    const first = useWalletsStore.getState().create({ coin: 'usdt', network: 'tron', label: 'Till' });
    expect(await useWalletsStore.getState().create({ coin: 'usdt', network: 'tron' })).toBeNull();
    answer.resolve({ ok: true, data: created });
    expect(await first).toEqual({
      kind: 'created',
      journalId: '7',
      coin: 'usdt',
      network: 'tron',
      label: 'Till',
      address: ADDRESS,
      walletId: 'wal_1',
    });
    expect(fake.calls.filter((c) => c.channel === 'wallets.create')).toHaveLength(1);
    expect(useWalletsStore.getState().creating).toBe(false);
  });

  it('an unknown answer stays unknown and is not sent again', async () => {
    const fake = installFakeMerchant({
      'wallets.create': () => ({
        ok: true,
        data: { journalId: '8', outcome: 'unknown', error: { kind: 'transport', message: 'socket hang up' } },
      }),
      'wallets.list': () => ({ ok: true, data: { wallets: [] } }),
    });
    const outcome = await useWalletsStore.getState().create({ coin: 'usdt', network: 'tron' });
    expect(outcome).toMatchObject({ kind: 'unknown', journalId: '8' });
    expect(fake.calls.filter((c) => c.channel === 'wallets.create')).toHaveLength(1);
  });

  it('a 429 is a refusal carrying its wait; a refusal before sending has no journal row', async () => {
    installFakeMerchant({
      'wallets.create': () => ({
        ok: true,
        data: {
          journalId: '9',
          outcome: 'rejected',
          error: { kind: 'throttle', message: 'Too many', httpStatus: 429, retryAfterSeconds: 12 },
        },
      }),
    });
    const outcome = await useWalletsStore.getState().create({ coin: 'usdt', network: 'tron' });
    expect(outcome).toMatchObject({ kind: 'rejected', journalId: '9', error: { retryAfterSeconds: 12 } });

    installFakeMerchant({
      'wallets.create': () => ({ ok: false, error: { kind: 'no-api-key', message: 'No key' } }),
    });
    expect(await useWalletsStore.getState().create({ coin: 'usdt', network: 'tron' })).toMatchObject({
      kind: 'rejected',
      journalId: null,
    });
  });

  it('a malformed answer from main becomes an error, not a crash', async () => {
    installFakeMerchant({ 'wallets.list': () => ({ ok: true, data: { wallets: [{ nope: 1 }] } }) });
    await useWalletsStore.getState().load('sandbox');
    expect(useWalletsStore.getState().wallets).toBeNull();
    expect(useWalletsStore.getState().error?.kind).toBe('malformed-answer');
  });

  it('keeps the QR image per wallet, and the saved path or the cancel', async () => {
    installFakeMerchant({
      'wallets.qr': () => ({ ok: true, data: { contentType: 'image/png', base64: 'iVBORw0KGgo=' } }),
      'wallets.saveQr': () => ({ ok: true, data: { path: null } }),
    });
    await useWalletsStore.getState().loadQr('wal_1');
    await useWalletsStore.getState().saveQr('wal_1');
    expect(useWalletsStore.getState().qr.wal_1).toMatchObject({ status: 'ready' });
    expect(useWalletsStore.getState().saved.wal_1).toEqual({ path: null });
  });
});

describe('when to try again after a 429', () => {
  it.each([
    [undefined, 'Try again in about a minute.'],
    [0, 'Try again in about a minute.'],
    [1, 'Try again in 1 second.'],
    [29.2, 'Try again in 30 seconds.'],
    [300, 'Try again in about 5 minutes.'],
  ])('%s s → %s', (retryAfterSeconds, words) => {
    expect(
      waitText({
        kind: 'throttle',
        message: 'x',
        ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
      }),
    ).toBe(words);
  });
});
