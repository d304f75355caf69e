import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createKeytarStore, keychainHelp, type KeytarLike } from '@main/secrets/keytar-store';
import { SecretStoreError } from '@main/secrets/secret-store';

const SECRET = 'sk_live_ZEBRA_7731_unique';

function fakeKeytar(overrides: Partial<KeytarLike> = {}): KeytarLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getPassword: async (s, a) => data.get(`${s}/${a}`) ?? null,
    setPassword: async (s, a, p) => void data.set(`${s}/${a}`, p),
    deletePassword: async (s, a) => data.delete(`${s}/${a}`),
    ...overrides,
  };
}

async function caught(promise: Promise<unknown>): Promise<SecretStoreError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SecretStoreError);
  return error as SecretStoreError;
}

function expectNoSecret(error: SecretStoreError): void {
  for (const text of [
    error.message,
    String(error),
    JSON.stringify(error),
    inspect(error),
    error.stack ?? '',
  ]) {
    expect(text).not.toContain(SECRET);
  }
}

describe('keytar store with a fake keytar', () => {
  it('stores one entry per profile under the service name', async () => {
    const fake = fakeKeytar();
    const store = createKeytarStore({ service: 'MD', load: async () => fake });
    await store.set('live-1', SECRET);
    await store.set('sandbox', 'other-key-1');
    expect([...fake.data.keys()].sort()).toEqual(['MD/live-1', 'MD/sandbox']);
    expect(await store.get('live-1')).toBe(SECRET);
    expect(await store.has('live-2')).toBe(false);
    expect(await store.delete('live-1')).toBe(true);
    expect(await store.get('live-1')).toBeNull();
  });

  it('does not load keytar until first use', async () => {
    let loads = 0;
    const store = createKeytarStore({ load: async () => (loads++, fakeKeytar()) });
    expect(loads).toBe(0);
    await store.has('a');
    await store.has('b');
    expect(loads).toBe(1);
  });

  it('times out a hung keychain with a clear message and no secret in it', async () => {
    const never = () => new Promise<never>(() => undefined);
    const store = createKeytarStore({
      timeoutMs: 30,
      platform: 'linux',
      load: async () => fakeKeytar({ setPassword: never, getPassword: never }),
    });
    const error = await caught(store.set('live-1', SECRET));
    expect(error.kind).toBe('keychain-timeout');
    expect(error.message).toMatch(/did not answer within/);
    expect(error.message).toMatch(/gnome-keyring/);
    expect(error.message).toMatch(/not known whether the save happened/);
    expectNoSecret(error);
    expect((await caught(store.has('live-1'))).kind).toBe('keychain-timeout');
  });

  it('reports a keychain that cannot be loaded as unavailable, and retries the load next time', async () => {
    let attempt = 0;
    const store = createKeytarStore({
      platform: 'linux',
      load: async () => {
        attempt++;
        if (attempt === 1) throw new Error('libsecret-1.so.0: cannot open shared object file');
        return fakeKeytar();
      },
    });
    const error = await caught(store.set('live-1', SECRET));
    expect(error.kind).toBe('keychain-unavailable');
    expect(error.message).toMatch(/not available.*libsecret.*install and unlock gnome-keyring/s);
    expectNoSecret(error);
    await store.set('live-1', SECRET);
    expect(await store.has('live-1')).toBe(true);
  });

  it('classifies a missing Secret Service as unavailable and scrubs the secret from native messages', async () => {
    const store = createKeytarStore({
      load: async () =>
        fakeKeytar({
          setPassword: async (_s, _a, p) => {
            throw new Error(`The name org.freedesktop.secrets was not provided by any .service files (${p})`);
          },
        }),
    });
    const error = await caught(store.set('live-1', SECRET));
    expect(error.kind).toBe('keychain-unavailable');
    expect(error.message).toContain('[redacted]');
    expectNoSecret(error);
  });

  it('reports other native errors as failed', async () => {
    const store = createKeytarStore({
      load: async () => fakeKeytar({ deletePassword: async () => Promise.reject(new Error('boom')) }),
    });
    const error = await caught(store.delete('live-1'));
    expect(error.kind).toBe('keychain-failed');
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'SecretStoreError',
      kind: 'keychain-failed',
      message: error.message,
    });
  });

  it('gives platform-specific advice', () => {
    expect(keychainHelp('darwin')).toMatch(/Keychain Access/);
    expect(keychainHelp('win32')).toMatch(/Credential Manager/);
    expect(keychainHelp('linux')).toMatch(/KWallet/);
  });

  it('rejects bad ids and secrets without echoing the secret, before touching the keychain', async () => {
    let loads = 0;
    const store = createKeytarStore({ load: async () => (loads++, fakeKeytar()) });
    const bad = [`${SECRET}\n`, ` ${SECRET}`, '', 'x'.repeat(1025), `${SECRET}\u0000`];
    for (const secret of bad) {
      const error = await caught(store.set('live-1', secret));
      expect(error.kind).toBe('keychain-invalid');
      expectNoSecret(error);
    }
    for (const id of ['', 'Live', '../x', 'a'.repeat(65), 'a b']) {
      expect((await caught(store.get(id))).kind).toBe('keychain-invalid');
    }
    expect(loads).toBe(0);
  });
});
