import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TRUSTED_EVENT, startAppHarness, type AppHarness } from '@test/helpers/app-harness';
import { createAppServices, type AppServices } from '@main/app/app-services';
import { createMemoryStore } from '@main/secrets';
import { createUserCheckStandIn } from '@test/helpers/user-check-stand-in';

const stops: Array<() => Promise<void>> = [];
/** An IPC answer, loosely: the fields these tests read. */
type Answer = { ok: boolean; data?: { id?: string; sandboxUrl?: string | null; activeId?: string } };
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function harness(options: Parameters<typeof startAppHarness>[0] = {}): Promise<AppHarness> {
  const app = await startAppHarness(options);
  stops.push(() => app.dispose());
  return app;
}

describe('the embedded sandbox runs only while the Sandbox profile is active', () => {
  it('is not listening for a desk on a live profile, starts with the Sandbox profile and stops when it is left', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'md-lazy-'));
    const start = async () => {
      const services = await createAppServices({
        dataDir,
        appVersion: '0.0.0-test',
        ipcMain: { handle: () => {}, removeHandler: () => {} },
        isTrustedSender: () => true,
        emit: () => {},
        openExternal: async () => false,
        confirm: async () => 'accepted',
        userCheck: createUserCheckStandIn().userCheck,
        secrets: createMemoryStore(),
        sandboxOptions: { seed: 7, realTime: false },
        schedule: () => ({ cancel: () => {} }),
      });
      stops.push(() => services.dispose());
      const call = (channel: string, request?: unknown) =>
        services.router.dispatch(channel, request, TRUSTED_EVENT) as Promise<Answer>;
      return { services, call };
    };
    const first = await start();
    const live = await first.call('profiles:create', {
      name: 'Shop live',
      environment: 'live',
      baseUrl: 'https://api.example.com',
      merchantId: 'm-1',
    });
    await first.call('profiles:activate', { id: live.data!.id! });
    const url = first.services.sandbox?.url;
    expect(url).toBeUndefined();
    await stops.pop()!();

    // A desk that starts on the live profile never starts the sandbox.
    const desk: { services: AppServices; call: (c: string, r?: unknown) => Promise<Answer> } = await start();
    expect(desk.services.sandbox).toBeNull();
    expect((await desk.call('app:info')).data?.sandboxUrl).toBeNull();

    await desk.call('profiles:activate', { id: 'sandbox' });
    const sandboxUrl = desk.services.sandbox?.url;
    expect(sandboxUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await desk.call('balances:get')).ok).toBe(true);

    await desk.call('profiles:activate', { id: live.data!.id! });
    expect(desk.services.sandbox).toBeNull();
    await expect(fetch(`${sandboxUrl}/v1/public/rates`)).rejects.toThrow();

    // A Sandbox that cannot start (its data file cut short) leaves the desk on the profile it was on.
    writeFileSync(join(dataDir, 'sandbox-state.json'), '{"version":1,"merch');
    const refused = await desk.call('profiles:activate', { id: 'sandbox' });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'file-damaged' } });
    expect(desk.services.activeScope().profile.id).toBe(live.data!.id);
    expect((await desk.call('profiles:list')).data).toMatchObject({ activeId: live.data!.id });
  });
});

describe('input limits at the shared schemas, through IPC', () => {
  it('refuses a million-digit amount before anything is journaled', async () => {
    const app = await harness();
    const result = await app.call('invoices:create', { order_id: 'BIG-1', amount: '1'.repeat(1_000_000) });
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    expect(!result.ok && result.error.message).toMatch(/at most 64 characters/);
    expect((await app.ok('journal:list', { limit: 10 })).entries).toEqual([]);
  });

  it.each([
    [
      'a right-to-left override in an address',
      'withdrawals:create',
      { coin: 'usdt', network: 'newchain', amount: '5', to_address: 'abc\u202Edef' },
      /right-to-left override \(U\+202E\)/,
    ],
    [
      'a NUL in an order id',
      'invoices:create',
      { order_id: 'A\u0000B', amount: '10' },
      /control character \(U\+0000\)/,
    ],
    [
      'a direction mark in an order id',
      'invoices:create',
      { order_id: 'ORD\u200F-1', amount: '10' },
      /right-to-left mark/,
    ],
    [
      'a right-to-left override in a profile name',
      'profiles:create',
      { name: 'Shop \u202Eevil', environment: 'live', baseUrl: 'https://api.example.com', merchantId: 'm' },
      /invisible characters/,
    ],
  ] as const)('refuses %s', async (_what, channel, request, words) => {
    const app = await harness();
    const result = await app.call(channel, request as never);
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    expect(JSON.stringify(!result.ok && result.error)).toMatch(words);
    expect((await app.ok('journal:list', { limit: 10 })).entries).toEqual([]);
  });
});

describe('opening a checkout page', () => {
  it('opens only pages on the checkout hosts of the configured profiles', async () => {
    const opened: string[] = [];
    const app = await harness({
      openExternal: async (url) => {
        opened.push(url);
        return true;
      },
    });
    await app.ok('profiles:create', {
      name: 'Shop live',
      environment: 'live',
      baseUrl: 'https://api.pay.example.com',
      merchantId: 'm-1',
    });
    const open = async (url: string) => (await app.ok('shell:open-checkout', { url })).opened;
    expect(await open('https://evil.example.net/checkout/abc')).toBe(false);
    expect(await open('https://pay.example.com.evil.net/checkout/abc')).toBe(false);
    expect(opened).toEqual([]);
    expect(await open('https://api.pay.example.com/checkout/abc')).toBe(true);
    expect(await open('https://checkout.pay.example.com/i/abc')).toBe(true);
    expect(opened).toHaveLength(2);
  });
});
