import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';
import { heldFetch } from '@test/helpers/held-fetch';

const ACME_KEY = 'acme-key-0123456789';
let app: AppHarness;
let net: ReturnType<typeof heldFetch>;

beforeEach(async () => {
  net = heldFetch();
  // The poll timer stands still: the only polls are the one each scope starts with and the ones a
  // test asks for, so every request is accounted for.
  app = await startAppHarness({ fetch: net.fetch, schedule: () => ({ cancel() {} }) });
  app.sandbox.control.addMerchant({ id: 'acme', apiKey: ACME_KEY, balances: { 'usdt:tron': '5' } });
  const acme = await app.ok('profiles:create', {
    name: 'Acme',
    environment: 'sandbox',
    baseUrl: app.sandbox.url,
    merchantId: 'acme',
  });
  await app.ok('secrets:set', { profileId: acme.id, apiKey: ACME_KEY });
  await app.ok('profiles:activate', { id: acme.id });
  await vi.waitFor(() => expect(app.services.activeScope().rates.snapshot().lastTickAt).not.toBeNull());
});
afterEach(async () => {
  await app.dispose();
});

const acmeId = () => app.services.activeScope().profile.id;
const SILENT_AFTER_SWITCH = ['rates:tick', 'connection:status', 'clock:skew'];

describe.each([
  ['profiles:activate (another profile)', () => app.ok('profiles:activate', { id: 'sandbox' })],
  [
    'profiles:update (the active one)',
    () => app.ok('profiles:update', { id: acmeId(), patch: { name: 'Acme Ltd' } }),
  ],
  [
    'secrets:set (the active profile’s key)',
    () => app.ok('secrets:set', { profileId: acmeId(), apiKey: ACME_KEY }),
  ],
  ['profiles:remove (the active one)', () => app.ok('profiles:remove', { id: acmeId() })],
])('a profile switch by %s', (_name, trigger) => {
  it('disposes the whole scope, and its poll in flight publishes nothing when it answers', async () => {
    const before = app.services.activeScope();
    net.hold(true);
    const inFlight = before.rates.pollOnce();
    await vi.waitFor(() => expect(net.held).toHaveLength(1));

    await trigger();
    const after = app.services.activeScope();
    expect(after).not.toBe(before);
    expect(before.signal.aborted).toBe(true);
    expect(after.signal.aborted).toBe(false);
    // The new scope's first poll is held as well; everything from here on is after the switch.
    await vi.waitFor(() => expect(net.held).toHaveLength(2));
    net.hold(false);
    const mark = app.events.length;

    await net.held[0]!.release();
    await inFlight;
    const late = app.events.slice(mark).map((e) => e.channel);
    expect(late.filter((channel) => SILENT_AFTER_SWITCH.includes(channel))).toEqual([]);

    // The control: the new scope's answer is published, so the check above could have seen one.
    await net.held[1]!.release();
    await vi.waitFor(() => expect(app.events.slice(mark).map((e) => e.channel)).toContain('rates:tick'));
    // A tick carries the rows and the feed's status, not every symbol's history (that is rates:snapshot's).
    const tick = app.events.slice(mark).find((e) => e.channel === 'rates:tick')!.payload as object;
    expect(tick).not.toHaveProperty('history');
    expect(tick).toHaveProperty('rows');
  });
});

describe('changes that leave the active scope alone', () => {
  it('keeps the scope when another profile is updated or its key is set', async () => {
    const before = app.services.activeScope();
    await app.ok('profiles:update', { id: 'sandbox', patch: { name: 'Play money' } });
    await app.ok('secrets:set', { profileId: 'sandbox', apiKey: 'unused-but-valid-key-123' });
    expect(app.services.activeScope()).toBe(before);
    expect(before.signal.aborted).toBe(false);
  });
});

describe('disposal of the app', () => {
  it('disposes the active scope and unregisters every channel', async () => {
    const scope = app.services.activeScope();
    await app.dispose();
    expect(scope.signal.aborted).toBe(true);
    expect(await app.call('profiles:list')).toMatchObject({ ok: false, error: { kind: 'unknown-channel' } });
    // A late switch request after disposal opens nothing new.
    await app.dispose();
  });
});
