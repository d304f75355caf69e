import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InvokeChannel, IpcResult, RequestOf, ResponseOf } from '@contract';
import { createAppServices, type AppServices } from '@main/app/app-services';
import { createMemoryStore, type SecretStore } from '@main/secrets';
import { ok, startStubServer, type StubServer } from '@test/helpers/stub-server';
import { TRUSTED_EVENT } from '@test/helpers/app-harness';
import { createUserCheckStandIn } from '@test/helpers/user-check-stand-in';

const KEY = 'sk_live_bound_key_0123456789';
let service: StubServer;
let capture: StubServer;
let keychain: SecretStore;
let dataDir: string;
const running: AppServices[] = [];

beforeEach(async () => {
  service = await startStubServer();
  capture = await startStubServer();
  for (const server of [service, capture]) server.reply(ok({ balances: [] }));
  // Outlives each start, like the OS keychain.
  keychain = createMemoryStore();
  dataDir = mkdtempSync(join(tmpdir(), 'md-bind-'));
});
afterEach(async () => {
  for (const services of running.splice(0)) await services.dispose();
  await service.close();
  await capture.close();
});

/** The real main services on `dataDir`, with the rates poller kept still. */
async function start() {
  const services = await createAppServices({
    dataDir,
    appVersion: '0.0.0-test',
    ipcMain: { handle: () => {}, removeHandler: () => {} },
    isTrustedSender: () => true,
    emit: () => {},
    openExternal: async () => false,
    confirm: async () => 'accepted',
    userCheck: createUserCheckStandIn().userCheck,
    secrets: keychain,
    sandboxOptions: { seed: 7, realTime: false },
    schedule: () => ({ cancel: () => {} }),
  });
  running.push(services);
  const call = async <C extends InvokeChannel>(channel: C, request?: RequestOf<C>) =>
    (await services.router.dispatch(channel, request, TRUSTED_EVENT)) as IpcResult<ResponseOf<C>>;
  const okCall = async <C extends InvokeChannel>(channel: C, request?: RequestOf<C>) => {
    const result = await call(channel, request);
    if (!result.ok) throw new Error(`${channel}: ${result.error.kind}: ${result.error.message}`);
    return result.data;
  };
  return { services, call, ok: okCall };
}

/** A profile on the real service with its key stored, active. */
async function profileWithKey(app: Awaited<ReturnType<typeof start>>) {
  const profile = await app.ok('profiles:create', {
    name: 'Shop',
    environment: 'sandbox',
    baseUrl: service.baseUrl,
    merchantId: 'm-1',
  });
  await app.ok('secrets:set', { profileId: profile.id, apiKey: KEY });
  await app.ok('profiles:activate', { id: profile.id });
  return profile;
}

/** Requests that carried the merchant's signature: anything signed with the key. */
const signed = (server: StubServer) => server.requests.filter((r) => r.headers.sign !== undefined);

describe('the stored key is bound to where its profile points', () => {
  it('a base-URL change without the key is refused in main, and the capture server receives nothing signed', async () => {
    const app = await start();
    const profile = await profileWithKey(app);
    await app.ok('balances:get');
    expect(signed(service)).toHaveLength(1);

    const moved = await app.call('profiles:update', { id: profile.id, patch: { baseUrl: capture.baseUrl } });
    expect(moved).toMatchObject({ ok: false, error: { kind: 'key-required' } });
    expect(!moved.ok && moved.error.fieldErrors?.apiKey?.[0]).toMatch(/Enter the API key again/);
    const other = await app.call('profiles:update', { id: profile.id, patch: { merchantId: 'm-2' } });
    expect(other).toMatchObject({ ok: false, error: { kind: 'key-required' } });
    const unchanged = (await app.ok('profiles:list')).profiles.find((p) => p.id === profile.id);
    expect(unchanged).toMatchObject({ baseUrl: service.baseUrl, merchantId: 'm-1' });

    await app.ok('balances:get');
    expect(signed(capture)).toEqual([]);
    // A rename or a new interval changes nothing about where the key goes: no key needed.
    await app.ok('profiles:update', { id: profile.id, patch: { name: 'Shop EUR', pollIntervalMs: 9_000 } });
  });

  it('a switch to legacy signing needs the key again; with it, the change goes through', async () => {
    const app = await start();
    const profile = await profileWithKey(app);
    const legacy = await app.call('profiles:update', { id: profile.id, patch: { signing: 'legacy' } });
    expect(legacy).toMatchObject({ ok: false, error: { kind: 'key-required' } });
    await app.ok('balances:get');
    expect(signed(service).map((r) => r.headers.timestamp)).not.toContain(undefined);

    await app.ok('profiles:update', { id: profile.id, patch: { signing: 'legacy' }, apiKey: KEY });
    await app.ok('balances:get');
    // Legacy requests carry no timestamp: the person confirmed this one with the key.
    expect(signed(service).at(-1)?.headers.timestamp).toBeUndefined();
    // Back to timestamped needs no key: it narrows where the key is accepted.
    await app.ok('profiles:update', { id: profile.id, patch: { signing: 'timestamped' } });
    await app.ok('balances:get');
  });

  it.each([
    ['its base URL', (p: Record<string, unknown>) => ({ ...p, baseUrl: capture.baseUrl })],
    [
      'its merchant id',
      (p: Record<string, unknown>) => ({ ...p, baseUrl: capture.baseUrl, merchantId: 'm-9' }),
    ],
    [
      'its signing mode',
      (p: Record<string, unknown>) => ({ ...p, signing: 'legacy', baseUrl: capture.baseUrl }),
    ],
  ])(
    'an edit of profiles.json on disk (%s) makes the key unusable until it is entered again',
    async (_what, edit) => {
      const first = await start();
      const profile = await profileWithKey(first);
      await running.pop()!.dispose();

      const file = join(dataDir, 'profiles.json');
      const stored = JSON.parse(readFileSync(file, 'utf8')) as { profiles: Array<Record<string, unknown>> };
      stored.profiles = stored.profiles.map((p) => (p.id === profile.id ? edit(p) : p));
      writeFileSync(file, JSON.stringify(stored));

      const app = await start();
      const balances = await app.call('balances:get');
      expect(balances).toMatchObject({ ok: false, error: { kind: 'key-unbound' } });
      expect(!balances.ok && balances.error.message).toMatch(/enter the key again/i);
      expect(signed(capture)).toEqual([]);
      expect(await app.ok('secrets:status', { profileId: profile.id })).toMatchObject({
        stored: true,
        fingerprint: null,
        needsReentry: true,
      });

      // Entered again, by a person who means it: the key is bound to where the profile points now.
      await app.ok('secrets:set', { profileId: profile.id, apiKey: KEY });
      await app.ok('balances:get');
      expect(signed(capture)).toHaveLength(1);
    },
  );
});
