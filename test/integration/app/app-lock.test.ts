import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';

// Issue 26 item 2: after the set time without use the desk locks; main decides, the page only shows it.
const LIVE = 'https://api.live-merchant.example';
const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const withdrawal = { coin: 'usdt', network: 'tron', amount: '12.5', to_address: ADDRESS };

let app: AppHarness;
/** The system's idle time, in seconds: what powerMonitor would say. */
let idle = 0;

beforeEach(async () => {
  idle = 0;
  const late: { sandboxUrl?: string } = {};
  app = await startAppHarness({
    idleSeconds: () => idle,
    fetch: async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      return fetch(url.replace(LIVE, late.sandboxUrl!), init);
    },
  });
  late.sandboxUrl = app.sandbox.url;
  app.sandbox.control.addMerchant({
    id: 'acme',
    apiKey: 'acme-live-key-0123456789',
    allowWithdrawals: true,
    balances: { 'usdt:tron': '500' },
  });
});
afterEach(async () => app.dispose());

async function activateLive() {
  const live = await app.ok('profiles:create', {
    name: 'Acme live',
    environment: 'live',
    baseUrl: LIVE,
    merchantId: 'acme',
  });
  await app.ok('secrets:set', { profileId: live.id, apiKey: 'acme-live-key-0123456789' });
  await app.ok('profiles:activate', { id: live.id });
  app.confirmations.shown.length = 0;
  return live;
}

const lockPushes = () => app.events.filter((e) => e.channel === 'lock:changed').map((e) => e.payload);

describe('the idle lock', () => {
  it('locks after 10 minutes without use by default, and then refuses a live withdrawal in main', async () => {
    await activateLive();
    expect(await app.ok('lock:status')).toEqual({ locked: false, idleMinutes: 10 });
    idle = 9 * 60;
    expect((await app.ok('lock:status')).locked).toBe(false);
    idle = 10 * 60;
    expect(await app.ok('lock:status')).toEqual({ locked: true, idleMinutes: 10 });
    expect(lockPushes()).toEqual([{ locked: true, idleMinutes: 10 }]);

    idle = 0;
    const refused = await app.call('withdrawals:create', withdrawal);
    expect(refused).toMatchObject({ ok: false, error: { kind: 'desk-locked' } });
    expect(app.sandbox.control.withdrawals()).toHaveLength(0);
    expect((await app.ok('journal:list', { limit: 10 })).entries).toEqual([]);
    // Refused before main's window was even asked.
    expect(app.confirmations.shown).toEqual([]);
  });

  it('the idle decision is main’s: a withdrawal after the idle time is refused even if the page never asked', async () => {
    await activateLive();
    idle = 11 * 60;
    expect(await app.call('withdrawals:create', withdrawal)).toMatchObject({
      ok: false,
      error: { kind: 'desk-locked' },
    });
    expect(app.sandbox.control.withdrawals()).toHaveLength(0);
  });

  it('refuses a live profile change while locked', async () => {
    const live = await activateLive();
    await app.ok('lock:lock');
    const changed = await app.call('profiles:update', {
      id: live.id,
      patch: { merchantId: 'someone-else' },
      apiKey: 'another-merchant-key-000000',
    });
    expect(changed).toMatchObject({ ok: false, error: { kind: 'desk-locked' } });
    expect((await app.ok('profiles:list')).profiles.find((p) => p.id === live.id)?.merchantId).toBe('acme');
  });

  it('unlocks only when main’s window says so; the page cannot unlock by itself', async () => {
    await activateLive();
    await app.ok('lock:lock');
    app.confirmations.decline();
    expect(await app.call('lock:unlock')).toMatchObject({ ok: false, error: { kind: 'declined-in-main' } });
    expect((await app.ok('lock:status')).locked).toBe(true);
    app.confirmations.accept();
    expect(await app.ok('lock:unlock')).toEqual({ locked: false, idleMinutes: 10 });
    expect(app.confirmations.shown.map((r) => r.title)).toEqual([
      'Unlock Merchant Desk?',
      'Unlock Merchant Desk?',
    ]);
    // The idle minutes before the unlock do not lock it again at once.
    idle = 30 * 60;
    expect((await app.ok('lock:status')).locked).toBe(false);
    expect((await app.ok('withdrawals:create', withdrawal)).outcome).toBe('accepted');
  });

  it('a shorter idle time is taken as asked; a longer one only after main’s window, never while locked', async () => {
    expect(await app.ok('lock:set-idle-minutes', { minutes: 5 })).toEqual({ locked: false, idleMinutes: 5 });
    expect(app.confirmations.shown).toEqual([]);
    app.confirmations.decline();
    expect(await app.call('lock:set-idle-minutes', { minutes: 60 })).toMatchObject({
      ok: false,
      error: { kind: 'declined-in-main' },
    });
    app.confirmations.accept();
    expect((await app.ok('lock:set-idle-minutes', { minutes: 60 })).idleMinutes).toBe(60);
    await app.ok('lock:lock');
    expect(await app.call('lock:set-idle-minutes', { minutes: 120 })).toMatchObject({
      ok: false,
      error: { kind: 'desk-locked' },
    });
    expect(await app.call('lock:set-idle-minutes', { minutes: 0 })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-request' },
    });
  });
});
