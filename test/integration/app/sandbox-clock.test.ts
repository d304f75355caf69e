import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';

// Issue 25, item 7: advancing the Sandbox clock (as the guide suggests) made every screen say "this
// computer's clock is +87 900 s off" and refused withdrawals, on a LIVE profile too.
const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const OTHER_KEY = 'other-merchant-key-0123456789';
const DAY_MS = 86_400_000;
let app: AppHarness;

beforeEach(async () => {
  app = await startAppHarness();
});
afterEach(async () => {
  await app.dispose();
});

const withdraw = (amount: string) =>
  app.call('withdrawals:create', { coin: 'usdt', network: 'tron', amount, to_address: ADDRESS });
const skewWarnings = () =>
  app.events.filter(
    (e) => e.channel === 'clock:skew' && (e.payload as { warn: boolean; breaksWindow: boolean }).warn,
  );

describe('the Sandbox clock is the Sandbox’s', () => {
  it('a day ahead: no skew warning, and withdrawals go out on the Sandbox and on another profile', async () => {
    await app.services.activeScope().rates.pollOnce();
    const moved = await app.ok('sandbox:act', { action: 'advance-clock', amount: 1, unit: 'days' });
    expect(moved.message).toMatch(/^Sandbox clock moved 1 day ahead: it is now /);
    expect(moved.status.aheadMs).toBe(DAY_MS);

    await app.services.activeScope().rates.pollOnce();
    const sandboxSent = await withdraw('10');
    expect(sandboxSent.ok && sandboxSent.data.outcome).toBe('accepted');
    expect((await app.ok('clock:skew'))?.warn ?? false).toBe(false);

    // Another profile whose service is the same loopback server (a live profile needs https; the
    // renderer's side of a switch to live is in test/unit/renderer/shell-store-skew.test.ts).
    app.sandbox.control.addMerchant({ id: 'acme', apiKey: OTHER_KEY, balances: { 'usdt:tron': '500' } });
    const live = await app.ok('profiles:create', {
      name: 'Acme',
      environment: 'sandbox',
      baseUrl: app.sandbox.url,
      merchantId: 'acme',
    });
    await app.ok('secrets:set', { profileId: live.id, apiKey: OTHER_KEY });
    await app.ok('profiles:activate', { id: live.id });
    await app.services.activeScope().rates.pollOnce();
    const liveSent = await withdraw('11');
    expect(liveSent.ok && liveSent.data.outcome).toBe('accepted');
    expect((await app.ok('clock:skew'))?.warn ?? false).toBe(false);
    expect(skewWarnings()).toEqual([]);
  });

  it('goes back, to the real time, and a reset (confirmed) puts everything back to the start', async () => {
    await app.ok('sandbox:act', { action: 'advance-clock', amount: 3, unit: 'hours' });
    const back = await app.ok('sandbox:act', {
      action: 'advance-clock',
      amount: 1,
      unit: 'hours',
      direction: 'back',
    });
    expect(back.message).toMatch(/^Sandbox clock moved 1 hour back: /);
    expect(back.status.aheadMs).toBe(2 * 3_600_000);
    const tooFar = await app.call('sandbox:act', {
      action: 'advance-clock',
      amount: 3,
      unit: 'hours',
      direction: 'back',
    });
    expect(tooFar.ok).toBe(false);
    expect((await app.ok('sandbox:act', { action: 'clock-to-now' })).status.aheadMs).toBe(0);

    const created = await app.ok('invoices:create', { order_id: 'BEFORE-RESET', amount: '25.00' });
    const code = String((created.data as { code: string }).code);
    await app.ok('sandbox:act', { action: 'advance-clock', amount: 2, unit: 'days' });
    const unconfirmed = await app.call('sandbox:act', { action: 'reset-sandbox' } as never);
    expect(unconfirmed.ok).toBe(false);
    const reset = await app.ok('sandbox:act', { action: 'reset-sandbox', confirmed: true });
    expect(reset.message).toMatch(/^The Sandbox was reset/);
    expect(reset.status.aheadMs).toBe(0);
    expect(() => app.sandbox.control.invoice(code)).toThrow(/not found/);
    // Its webhooks still reach the desk: a withdrawal after the reset settles by its webhook.
    const sent = await withdraw('12');
    expect(sent.ok && sent.data.outcome).toBe('accepted');
    const id = String((sent.ok && (sent.data.data as { withdrawal_id: string }).withdrawal_id) || '');
    await app.ok('sandbox:act', { action: 'complete-withdrawal', withdrawalId: id });
    const entry = (await app.ok('journal:list', { limit: 10 })).entries.find(
      (e) => e.externalIds.withdrawalId === id,
    );
    expect(entry?.settlement).toBe('completed');
  });
});
