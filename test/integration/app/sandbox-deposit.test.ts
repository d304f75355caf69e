import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@main/api/client';
import { withWrites } from '@test/helpers/with-writes';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';

let app: AppHarness;

beforeAll(async () => {
  app = await startAppHarness();
  // The catalog gives the networks' display names the answers use.
  await app.services.activeScope().rates.pollOnce();
});
afterAll(async () => {
  await app.dispose();
});

/** Creates a static wallet from the desk and returns the sandbox's record of it. */
async function newWallet(): Promise<{ id: string; address: string }> {
  const before = new Set(app.sandbox.control.wallets().map((w) => String(w.id)));
  const created = await app.ok('wallets:create', { coin: 'usdt', network: 'tron', label: 'till' });
  expect(created.outcome).toBe('accepted');
  const made = app.sandbox.control.wallets().find((w) => !before.has(String(w.id)))!;
  return { id: String(made.id), address: String(made.address) };
}

const usdt = async () =>
  (await app.ok('balances:get')).rows.find((b) => b.coin === 'usdt' && b.network === 'tron');

describe('sandbox:act deposit-to-wallet', () => {
  it('deposits to a wallet of this desk, says so in words, credits the balance and its webhook arrives', async () => {
    const wallet = await newWallet();
    const before = Number((await usdt())?.available ?? 0);
    const seen = (await app.ok('webhooks:list')).deliveries.length;
    const result = await app.ok('sandbox:act', {
      action: 'deposit-to-wallet',
      walletId: wallet.id,
      amount: '7.25',
    });
    expect(result.message).toBe(
      `Deposited 7.25 USDT · TRON (TRC-20) to the wallet at ${wallet.address}: confirmed. Its webhook goes to the desk.`,
    );
    expect(Number((await usdt())?.available) - before).toBeCloseTo(7.25);
    const deliveries = (await app.ok('webhooks:list')).deliveries;
    expect(deliveries.length).toBe(seen + 1);
    expect(deliveries.some((d) => d.verified && d.event?.startsWith('wallet'))).toBe(true);
  });

  it('refuses a wallet of another merchant in the sandbox’s words, and credits nobody', async () => {
    app.sandbox.control.addMerchant({ id: 'other', apiKey: 'other-key-0123456789', allowWithdrawals: true });
    // The other merchant's own desk makes a wallet at the same sandbox.
    const theirs = withWrites(
      createApiClient({
        baseUrl: app.sandbox.url,
        merchantId: 'other',
        apiKey: 'other-key-0123456789',
      }),
    );
    const made = await theirs.createWalletAddress({ coin: 'usdt', network: 'tron' });
    expect(made.outcome).toBe('accepted');
    const id = String(app.sandbox.control.wallets('other')[0]!.id);
    const result = await app.call('sandbox:act', { action: 'deposit-to-wallet', walletId: id, amount: '5' });
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'request', httpStatus: 404, message: `The Sandbox refused: Wallet ${id} not found.` },
    });
    expect(app.sandbox.control.merchant('other').balances).toEqual({});
  });

  it('refuses a zero, negative or non-decimal amount and a blank wallet id at the boundary', async () => {
    const wallet = await newWallet();
    for (const amount of ['0', '-1', 'ten']) {
      const result = await app.call('sandbox:act', {
        action: 'deposit-to-wallet',
        walletId: wallet.id,
        amount,
      });
      expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    }
    const blank = await app.call('sandbox:act', { action: 'deposit-to-wallet', walletId: '', amount: '1' });
    expect(blank).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
  });
});
