import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@main/api/client';
import { withWrites } from '@test/helpers/with-writes';
import { DEMO_MERCHANT } from '@main/sandbox';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const withdrawal = { coin: 'usdt', network: 'tron', amount: '10', to_address: ADDRESS };
let app: AppHarness;

beforeEach(async () => {
  app = await startAppHarness();
});
afterEach(async () => {
  await app.dispose();
});

/** A second merchant on the same simulated service, with its key in the (memory) keychain. */
async function secondProfile() {
  app.sandbox.control.addMerchant({
    id: 'acme',
    apiKey: 'acme-key-0123456789',
    allowWithdrawals: true,
    balances: { 'usdt:tron': '500' },
  });
  const profile = await app.ok('profiles:create', {
    name: 'Acme',
    environment: 'sandbox',
    baseUrl: app.sandbox.url,
    merchantId: 'acme',
  });
  await app.ok('secrets:set', { profileId: profile.id, apiKey: 'acme-key-0123456789' });
  return profile;
}

describe('writes stay with the profile and the answer they belong to', () => {
  it('sends nothing when the active profile changed while the write was being prepared', async () => {
    const acme = await secondProfile();
    const startedIn = app.services.activeScope();
    await app.ok('profiles:activate', { id: acme.id });
    const before = app.sandbox.control.withdrawals().length;
    await expect(
      app.services.journaledWrite(startedIn, {
        request: { operation: 'createWithdrawal', body: withdrawal },
      }),
    ).rejects.toMatchObject({ kind: 'profile-changed' });
    expect(app.sandbox.control.withdrawals().length).toBe(before);
    expect((await app.ok('journal:list', { limit: 10 })).entries).toHaveLength(0);
  });

  it('sends nothing when the active profile’s own settings changed while the write was being prepared', async () => {
    const startedIn = app.services.activeScope();
    await app.ok('profiles:update', { id: 'sandbox', patch: { name: 'Play money' } });
    const before = app.sandbox.control.withdrawals().length;
    await expect(
      app.services.journaledWrite(startedIn, {
        request: { operation: 'createWithdrawal', body: withdrawal },
      }),
    ).rejects.toMatchObject({ kind: 'profile-changed', message: expect.stringMatching(/Nothing was sent/) });
    expect(app.sandbox.control.withdrawals().length).toBe(before);
    expect((await app.ok('journal:list', { limit: 10 })).entries).toHaveLength(0);
  });

  it('checks an unknown invoice only through the profile that sent it', async () => {
    app.sandbox.control.injectFault('createInvoice', { kind: 'drop-after' }, 1);
    const lost = await app.ok('invoices:create', { order_id: 'ORD-X', amount: '30' });
    const acme = await secondProfile();
    await app.ok('profiles:activate', { id: acme.id });
    const checked = await app.call('journal:check-invoice', { id: lost.journalId });
    expect(checked).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/another profile/) },
    });
    // The entry is listed under the profile that sent it, still unknown.
    await app.ok('profiles:activate', { id: 'sandbox' });
    expect(
      (await app.ok('journal:list', { limit: 10 })).entries.find((e) => e.id === lost.journalId)?.state,
    ).toBe('unknown');
  });

  it('keeps the service answer when the journal cannot record it as given: unknown, answer attached', async () => {
    const result = await app.services.journaledWrite(app.services.activeScope(), {
      request: { operation: 'createWithdrawal', body: withdrawal },
      externalIds: () => ({ withdrawalId: '' }), // an id the journal refuses to store
    });
    expect(result).toMatchObject({ outcome: 'unknown', error: { kind: 'journal-write-failed' } });
    const entry = (await app.ok('journal:list', { limit: 5 })).entries.find((e) => e.id === result.journalId);
    expect(entry?.state).toBe('unknown');
    expect(entry?.response).toMatchObject({ withdrawal_id: expect.any(String) });
  });

  it('never resolves another profile\u2019s unknown withdrawal from the sandbox\u2019s webhooks', async () => {
    const acme = await secondProfile();
    await app.ok('profiles:activate', { id: acme.id });
    app.sandbox.control.injectFault('createWithdrawal', { kind: 'drop-after' }, 1);
    const acmeLost = await app.ok('withdrawals:create', withdrawal);
    expect(acmeLost.outcome).toBe('unknown');
    // The same payout made by the sandbox merchant outside this app (so the journal has no entry for
    // it) completes; its verified webhook describes exactly the same coin, network, address, amount.
    const outside = withWrites(
      createApiClient({
        baseUrl: app.sandbox.url,
        merchantId: (await app.ok('profiles:list')).profiles.find((p) => p.id === 'sandbox')!.merchantId,
        apiKey: DEMO_MERCHANT.apiKey,
      }),
    );
    const made = await outside.createWithdrawal(withdrawal);
    expect(made.outcome).toBe('accepted');
    app.sandbox.control.completeWithdrawal(
      String((made as { data: { withdrawal_id: string } }).data.withdrawal_id),
    );
    await app.sandbox.control.flushWebhooks();
    // The delivery is the Sandbox profile's: not announced to Acme's screens, kept in the Sandbox's log.
    expect(app.events.filter((e) => e.channel === 'webhook:received')).toEqual([]);
    await app.ok('profiles:activate', { id: 'sandbox' });
    await expect
      .poll(async () =>
        (await app.ok('webhooks:list')).deliveries.some((d) => d.event === 'withdrawal.success'),
      )
      .toBe(true);
    await app.ok('profiles:activate', { id: acme.id });
    expect(
      (await app.ok('journal:list', { limit: 10 })).entries.find((e) => e.id === acmeLost.journalId)?.state,
    ).toBe('unknown');
  });
});
