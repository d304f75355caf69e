import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppHarness } from '@test/helpers/app-harness';
import { LIVE, LIVE_KEY, startLiveDesk, type LiveDesk } from '@test/helpers/live-desk';

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const withdrawal = { coin: 'usdt', network: 'tron', amount: '12.5', to_address: ADDRESS };
const PASSPHRASE = 'the blue ledger at noon';

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
  return live;
}

const withdrawalsSigned = () => app.sandbox.control.withdrawals().length;
const withdrawalRequests = () => liveRequests.filter((url) => url.includes('/withdrawal')).length;

async function expectNothingSent(kind: string, message: RegExp) {
  const result = await app.call('withdrawals:create', withdrawal);
  expect(result).toMatchObject({ ok: false, error: { kind, message: expect.stringMatching(message) } });
  expect(withdrawalRequests()).toBe(0);
  expect(withdrawalsSigned()).toBe(0);
  expect((await app.ok('journal:list', { limit: 10 })).entries).toEqual([]);
}

describe('the OS user check after main’s window, before a live withdrawal is signed', () => {
  it('asks Touch ID only after main’s window was accepted, and signs once it passes', async () => {
    await activateLive();
    app.userChecks.touchIdReasons.length = 0;
    app.confirmations.decline();
    await expectNothingSent('declined-in-main', /Nothing was sent/);
    // Declined in main's window: the OS was never asked.
    expect(app.userChecks.touchIdReasons).toEqual([]);
    app.confirmations.accept();
    const sent = await app.ok('withdrawals:create', withdrawal);
    expect(sent.outcome).toBe('accepted');
    expect(withdrawalsSigned()).toBe(1);
    expect(app.userChecks.touchIdReasons).toEqual(['send a live withdrawal']);
    expect(app.confirmations.shown.at(-1)?.userCheck).toBe('send a live withdrawal');
  });

  it('signs nothing when Touch ID fails', async () => {
    await activateLive();
    app.userChecks.touchId('fails');
    await expectNothingSent('user-check-failed', /Touch ID did not confirm who you are/);
  });

  it('on a desk without Touch ID: refuses until a passphrase is set, then signs only with the right one', async () => {
    await activateLive();
    app.userChecks.touchId('absent');
    await expectNothingSent('passphrase-not-set', /set it in Settings → Desk passphrase/);

    app.userChecks.answer(PASSPHRASE, PASSPHRASE);
    expect(await app.ok('passphrase:set')).toEqual({
      method: 'passphrase',
      passphraseSet: true,
      lockedMinutes: null,
    });

    app.userChecks.answer(null);
    await expectNothingSent('user-check-failed', /cancelled the passphrase check/);
    app.userChecks.answer('the blue ledger at nine');
    await expectNothingSent('user-check-failed', /not the desk passphrase/);

    app.userChecks.answer(PASSPHRASE);
    expect((await app.ok('withdrawals:create', withdrawal)).outcome).toBe('accepted');
    expect(withdrawalsSigned()).toBe(1);
    expect(app.userChecks.questions.filter((q) => q.mode === 'check').map((q) => q.reason)).toEqual([
      'send a live withdrawal',
      'send a live withdrawal',
      'send a live withdrawal',
    ]);
  });

  it('after five wrong passphrases signs nothing, not even with the right one, and says for how long', async () => {
    await activateLive();
    app.userChecks.touchId('absent');
    app.userChecks.answer(PASSPHRASE, PASSPHRASE);
    await app.ok('passphrase:set');
    app.userChecks.answer(...Array.from({ length: 5 }, (_, i) => `wrong passphrase ${i}`), PASSPHRASE);
    for (let i = 0; i < 4; i++) await expectNothingSent('user-check-failed', /not the desk passphrase/);
    await expectNothingSent('user-check-locked', /try again in about 5 minutes/);
    await expectNothingSent('user-check-locked', /try again in about/);
    expect(await app.ok('passphrase:status')).toMatchObject({ lockedMinutes: 5 });
  });

  it('asks nothing for a Sandbox withdrawal: play money', async () => {
    app.userChecks.touchId('fails');
    expect((await app.ok('withdrawals:create', withdrawal)).outcome).toBe('accepted');
    expect(withdrawalsSigned()).toBe(1);
    expect(app.userChecks.touchIdReasons).toEqual([]);
    expect(app.confirmations.shown).toEqual([]);
  });
});

describe('the OS user check before a live profile’s target moves', () => {
  it('leaves the profile where it pointed when the check fails, and moves it when it passes', async () => {
    const live = await activateLive();
    app.userChecks.touchId('fails');
    const refused = await app.call('profiles:update', {
      id: live.id,
      patch: { merchantId: 'other' },
      apiKey: LIVE_KEY,
    });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'user-check-failed' } });
    expect((await app.ok('profiles:list')).profiles.find((p) => p.id === live.id)?.merchantId).toBe('acme');
    app.userChecks.touchId('passes');
    await app.ok('profiles:update', { id: live.id, patch: { merchantId: 'other' }, apiKey: LIVE_KEY });
    expect((await app.ok('profiles:list')).profiles.find((p) => p.id === live.id)?.merchantId).toBe('other');
    expect(app.userChecks.touchIdReasons.at(-1)).toBe('change where a live profile points');
  });

  it('adds no live profile when the check fails', async () => {
    app.userChecks.touchId('fails');
    const refused = await app.call('profiles:create', {
      name: 'Acme live',
      environment: 'live',
      baseUrl: LIVE,
      merchantId: 'acme',
    });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'user-check-failed' } });
    expect((await app.ok('profiles:list')).profiles.map((p) => p.name)).not.toContain('Acme live');
  });
});

describe('the desk passphrase in Settings', () => {
  it('is set only in main’s prompt, never while the desk is locked', async () => {
    app.userChecks.touchId('absent');
    expect(await app.ok('passphrase:status')).toEqual({
      method: 'passphrase',
      passphraseSet: false,
      lockedMinutes: null,
    });
    await app.ok('lock:lock');
    const refused = await app.call('passphrase:set');
    expect(refused).toMatchObject({ ok: false, error: { kind: 'desk-locked' } });
    expect(app.userChecks.questions).toEqual([]);
    expect((await app.ok('passphrase:status')).passphraseSet).toBe(false);
  });

  it('takes no passphrase from the page: the channel refuses a payload', async () => {
    const result = await app.call('passphrase:set', { passphrase: 'from the page' } as never);
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    expect(app.userChecks.questions).toEqual([]);
  });
});

describe('unlocking the idle lock asks who is at the desk, where the desk has a way to', () => {
  it('with a passphrase set: stays locked when it is wrong or cancelled, unlocks when it is right', async () => {
    app.userChecks.touchId('absent');
    app.userChecks.answer(PASSPHRASE, PASSPHRASE);
    await app.ok('passphrase:set');
    await app.ok('lock:lock');
    app.userChecks.answer('not the passphrase', null, PASSPHRASE);
    expect(await app.call('lock:unlock')).toMatchObject({ ok: false, error: { kind: 'user-check-failed' } });
    expect(await app.call('lock:unlock')).toMatchObject({ ok: false, error: { kind: 'user-check-failed' } });
    expect((await app.ok('lock:status')).locked).toBe(true);
    expect((await app.ok('lock:unlock')).locked).toBe(false);
    expect(app.userChecks.questions.map((q) => q.reason).slice(-3)).toEqual([
      'unlock Merchant Desk',
      'unlock Merchant Desk',
      'unlock Merchant Desk',
    ]);
  });

  it('with Touch ID: stays locked when it fails', async () => {
    await app.ok('lock:lock');
    app.userChecks.touchId('fails');
    expect(await app.call('lock:unlock')).toMatchObject({ ok: false, error: { kind: 'user-check-failed' } });
    expect((await app.ok('lock:status')).locked).toBe(true);
    app.userChecks.touchId('passes');
    expect((await app.ok('lock:unlock')).locked).toBe(false);
    expect(app.userChecks.touchIdReasons).toEqual(['unlock Merchant Desk', 'unlock Merchant Desk']);
  });

  it('without Touch ID or a passphrase yet: main’s window alone unlocks, so Settings stays reachable', async () => {
    app.userChecks.touchId('absent');
    await app.ok('lock:lock');
    expect((await app.ok('lock:unlock')).locked).toBe(false);
    expect(app.userChecks.questions).toEqual([]);
  });
});
