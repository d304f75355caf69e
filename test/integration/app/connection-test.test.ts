import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';
import { refusedPort } from '@test/helpers/ports';

const KEY = 'sk_test_CONNECTION_TEST_5d1e77';
let app: AppHarness;

beforeAll(async () => {
  app = await startAppHarness();
  app.sandbox.control.addMerchant({ id: 'acme', apiKey: KEY, balances: { 'usdt:tron': '10' } });
}, 30_000);
afterAll(async () => {
  await app.dispose();
});

const draft = (over: Record<string, string> = {}) => ({
  environment: 'sandbox' as const,
  baseUrl: app.sandbox.url,
  merchantId: 'acme',
  apiKey: KEY,
  ...over,
});

describe('profiles:test-connection', () => {
  it('says the key was accepted after one signed balances read, and never returns the key', async () => {
    const result = await app.call('profiles:test-connection', draft());
    expect(result.ok && result.data).toMatchObject({ ok: true, outcome: 'ok' });
    expect(JSON.stringify(result)).not.toContain(KEY);
  });

  it('tells a refused key apart from an unreachable address, in plain words', async () => {
    const refused = await app.ok('profiles:test-connection', draft({ apiKey: 'sk_wrong_key_00000' }));
    expect(refused).toMatchObject({ ok: false, outcome: 'key-refused' });
    expect(refused.message).toMatch(/did not accept this merchant ID and key/);

    const port = await refusedPort();
    const down = await app.ok('profiles:test-connection', draft({ baseUrl: `http://127.0.0.1:${port}` }));
    expect(down).toMatchObject({ ok: false, outcome: 'unreachable' });
    expect(down.message).not.toMatch(/getMerchantBalances|ECONNREFUSED/);
    expect(down.detail).toBeTruthy();
  });

  it('sends nothing to an address a live profile could not be saved with', async () => {
    const before = app.sandbox.control.merchant('acme');
    const result = await app.ok(
      'profiles:test-connection',
      draft({ environment: 'live', baseUrl: app.sandbox.url }),
    );
    expect(result).toMatchObject({ ok: false, outcome: 'invalid' });
    expect(app.sandbox.control.merchant('acme')).toEqual(before);
  });

  it('tests a saved profile with its stored key, and says when there is none', async () => {
    const profile = await app.ok('profiles:create', {
      name: 'Acme',
      environment: 'sandbox',
      baseUrl: app.sandbox.url,
      merchantId: 'acme',
    });
    expect(await app.ok('profiles:test-connection', { profileId: profile.id })).toMatchObject({
      outcome: 'no-key',
    });
    await app.ok('secrets:set', { profileId: profile.id, apiKey: KEY });
    expect(await app.ok('profiles:test-connection', { profileId: profile.id })).toMatchObject({
      ok: true,
    });
    expect(await app.ok('profiles:test-connection', { profileId: 'sandbox' })).toMatchObject({ ok: true });
  });

  it('reports a fingerprint of the stored key, never the key', async () => {
    const profile = await app.ok('profiles:create', {
      name: 'Print',
      environment: 'sandbox',
      baseUrl: app.sandbox.url,
      // An earlier test added the profile for merchant acme: one profile per merchant account.
      merchantId: 'acme-print',
    });
    expect(await app.ok('secrets:status', { profileId: profile.id })).toEqual({
      profileId: profile.id,
      stored: false,
      fingerprint: null,
    });
    await app.ok('secrets:set', { profileId: profile.id, apiKey: KEY });
    expect(await app.ok('secrets:status', { profileId: profile.id })).toEqual({
      profileId: profile.id,
      stored: true,
      fingerprint: `…${KEY.slice(-4)}`,
    });
    expect(await app.ok('secrets:status', { profileId: 'sandbox' })).toMatchObject({
      fingerprint: 'built-in',
    });
  });

  it('blames the clock when the service refuses the timestamp', async () => {
    app.sandbox.control.advanceClock(20 * 60_000);
    const result = await app.ok('profiles:test-connection', draft());
    expect(result).toMatchObject({ ok: false, outcome: 'clock-off' });
  });
});
