import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';
import { LIVE, startLiveDesk, type LiveDesk } from '@test/helpers/live-desk';

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const withdrawal = { coin: 'usdt', network: 'tron', amount: '12.5', to_address: ADDRESS };

let app: AppHarness;
/** Every request that reached "the live service". */
let liveRequests: string[];
let desk: LiveDesk;

beforeEach(async () => {
  desk = await startLiveDesk();
  ({ app, liveRequests } = desk);
});
afterEach(async () => {
  await app.dispose();
});

async function activateLive() {
  const live = await desk.activateLive();
  // Adding the profile was confirmed too; each test counts only what it asks for itself.
  expect(app.confirmations.shown.map((r) => r.title)).toEqual(['Add the live profile “Acme live”?']);
  app.confirmations.shown.length = 0;
  return live;
}

const withdrawalsSent = () => liveRequests.filter((url) => url.includes('/withdrawal')).length;

describe('a live withdrawal is decided in main, not in the page', () => {
  it('sends nothing and records nothing when the person declines in main’s window', async () => {
    await activateLive();
    app.confirmations.decline();
    const result = await app.call('withdrawals:create', withdrawal);
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'declined-in-main', message: expect.stringMatching(/Nothing was sent/) },
    });
    expect(withdrawalsSent()).toBe(0);
    expect(app.sandbox.control.withdrawals()).toHaveLength(0);
    expect((await app.ok('journal:list', { limit: 10 })).entries).toEqual([]);
    expect(app.confirmations.shown).toHaveLength(1);
  });

  it('sends exactly once when accepted, after showing the full address, the amount and the fees', async () => {
    await activateLive();
    const result = await app.ok('withdrawals:create', withdrawal);
    expect(result.outcome).toBe('accepted');
    expect(withdrawalsSent()).toBe(1);
    expect(app.sandbox.control.withdrawals()).toHaveLength(1);
    expect(app.confirmations.shown).toHaveLength(1);
    const text = [app.confirmations.shown[0]!.title, ...app.confirmations.shown[0]!.lines].join('\n');
    expect(text.replaceAll(' ', '')).toContain(ADDRESS);
    expect(text).toContain('TNPe eaaF B7K9 cmo4 uQpc U32z GK8G 1NYq eL');
    expect(text).toMatch(/12\.5 USDT/);
    expect(text).toMatch(/Fees:/);
    expect(text).toContain('acme');
  });

  it('does not ask for the built-in Sandbox’s play money', async () => {
    await app.ok('withdrawals:create', withdrawal);
    expect(app.confirmations.shown).toEqual([]);
  });
});

describe('an override of the duplicate guard is decided in main', () => {
  it('sends nothing when declined, even in the Sandbox, and shows the reason when asked', async () => {
    app.sandbox.control.injectFault('createWithdrawal', { kind: 'drop-after' }, 1);
    const lost = await app.ok('withdrawals:create', withdrawal);
    expect(lost.outcome).toBe('unknown');
    const before = app.sandbox.control.withdrawals().length;
    const entries = (await app.ok('journal:list', { limit: 10 })).entries.length;

    app.confirmations.decline();
    const declined = await app.call('withdrawals:create', {
      ...withdrawal,
      override: { reason: 'the first one never left' },
    });
    expect(declined).toMatchObject({ ok: false, error: { kind: 'declined-in-main' } });
    expect(app.sandbox.control.withdrawals()).toHaveLength(before);
    expect((await app.ok('journal:list', { limit: 10 })).entries).toHaveLength(entries);
    expect(app.confirmations.shown.at(-1)!.lines.join('\n')).toContain('the first one never left');
  });
});

describe('a live profile is re-pointed only through main’s window', () => {
  it('keeps the profile and its key when the person declines a new address, merchant and key', async () => {
    const live = await activateLive();
    app.confirmations.decline();
    const result = await app.call('profiles:update', {
      id: live.id,
      patch: { baseUrl: 'https://api.other-merchant.example', merchantId: 'mallory' },
      apiKey: 'mallory-key-0123456789',
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'declined-in-main' } });
    const after = (await app.ok('profiles:list')).profiles.find((p) => p.id === live.id);
    expect(after).toMatchObject({ baseUrl: LIVE, merchantId: 'acme' });
    expect(await app.ok('secrets:status', { profileId: live.id })).toMatchObject({ fingerprint: '…6789' });
    expect((await app.ok('secrets:status', { profileId: live.id })).needsReentry).toBeUndefined();
    const shown = app.confirmations.shown.at(-1)!.lines.join('\n');
    expect(shown).toContain(`${LIVE} → https://api.other-merchant.example`);
    expect(shown).toContain('acme → mallory');
  });

  it('keeps the stored key when the person declines replacing it', async () => {
    const live = await activateLive();
    app.confirmations.decline();
    const result = await app.call('secrets:set', { profileId: live.id, apiKey: 'mallory-key-9876543210' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'declined-in-main' } });
    expect(await app.ok('secrets:status', { profileId: live.id })).toMatchObject({ fingerprint: '…6789' });
  });

  it('applies the change once accepted', async () => {
    const live = await activateLive();
    await app.ok('profiles:update', {
      id: live.id,
      patch: { merchantId: 'acme-2' },
      apiKey: 'acme-2-key-0123456789',
    });
    expect((await app.ok('profiles:list')).profiles.find((p) => p.id === live.id)?.merchantId).toBe('acme-2');
    expect(app.confirmations.shown.at(-1)!.lines.join('\n')).toContain('acme → acme-2');
  });
});

describe('a wallet’s webhook_url goes only to hosts the person approved', () => {
  const wallet = { coin: 'usdt', network: 'tron', webhook_url: 'https://collector.attacker.example/hook' };

  it('refuses a foreign host at the boundary: nothing sent, nothing journaled', async () => {
    const before = (await app.ok('journal:list', { limit: 10 })).entries.length;
    const result = await app.call('wallets:create', wallet);
    expect(result).toMatchObject({
      ok: false,
      error: {
        kind: 'webhook-host-not-approved',
        message: expect.stringMatching(/collector\.attacker\.example is not an approved webhook host/),
      },
    });
    expect((await app.ok('journal:list', { limit: 10 })).entries).toHaveLength(before);
  });

  it('accepts the live profile’s own host, and a host approved in main’s window', async () => {
    await activateLive();
    const own = await app.ok('wallets:create', { ...wallet, webhook_url: `${LIVE}/hooks/in` });
    expect(own.outcome).toBe('accepted');

    app.confirmations.decline();
    const declined = await app.call('settings:approve-webhook-host', { host: 'collector.attacker.example' });
    expect(declined).toMatchObject({ ok: false, error: { kind: 'declined-in-main' } });
    expect((await app.ok('settings:webhook-hosts')).hosts).toEqual([]);
    expect((await app.call('wallets:create', wallet)).ok).toBe(false);

    app.confirmations.accept();
    await app.ok('settings:approve-webhook-host', { host: 'Hooks.Shop.example' });
    expect((await app.ok('settings:webhook-hosts')).hosts).toEqual(['hooks.shop.example']);
    const approved = await app.ok('wallets:create', {
      ...wallet,
      webhook_url: 'https://hooks.shop.example/in',
    });
    expect(approved.outcome).toBe('accepted');
  });
});

describe('the page cannot widen the hosts the browser opens', () => {
  it('a profile the person declined in main adds no checkout host', async () => {
    const opened: string[] = [];
    await app.dispose();
    app = await startAppHarness({
      openExternal: async (url) => {
        opened.push(url);
        return true;
      },
    });
    app.confirmations.decline();
    const result = await app.call('profiles:create', {
      name: 'Looks like a shop',
      environment: 'sandbox',
      baseUrl: 'https://api.phish.example',
      merchantId: 'm-1',
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'declined-in-main' } });
    expect((await app.ok('profiles:list')).profiles.map((p) => p.baseUrl)).not.toContain(
      'https://api.phish.example',
    );
    expect((await app.ok('shell:open-checkout', { url: 'https://checkout.phish.example/pay' })).opened).toBe(
      false,
    );
    expect(opened).toEqual([]);
    expect(app.confirmations.shown.at(-1)!.lines.join('\n')).toContain('https://api.phish.example');
  });
});

describe('a public suffix is never an approved webhook host', () => {
  it('refuses co.uk before main’s window opens, and the list stays as it was', async () => {
    const result = await app.call('settings:approve-webhook-host', { host: 'co.uk' });
    expect(result).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/co\.uk is a public suffix/) },
    });
    expect(app.confirmations.shown).toEqual([]);
    expect((await app.ok('settings:webhook-hosts')).hosts).toEqual([]);
  });
});

describe('the link opener respects the public-suffix list', () => {
  it('a service at pay.co.uk lets the browser open its own pages, not another co.uk site', async () => {
    const opened: string[] = [];
    await app.dispose();
    app = await startAppHarness({
      openExternal: async (url) => {
        opened.push(url);
        return true;
      },
    });
    await app.ok('profiles:create', {
      name: 'UK shop',
      environment: 'live',
      baseUrl: 'https://pay.co.uk',
      merchantId: 'uk-1',
    });
    const open = async (url: string) => (await app.ok('shell:open-checkout', { url })).opened;
    expect(await open('https://evil.co.uk/pay')).toBe(false);
    expect(await open('https://pay.co.uk/checkout/abc')).toBe(true);
    expect(opened).toEqual(['https://pay.co.uk/checkout/abc']);
  });
});
