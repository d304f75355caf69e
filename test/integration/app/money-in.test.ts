import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';

let app: AppHarness;

beforeAll(async () => {
  app = await startAppHarness();
});
afterAll(async () => {
  await app.dispose();
});

/** Creates a static wallet from the desk and returns the sandbox's record of it. */
async function newWallet(coin = 'usdt', network = 'tron'): Promise<{ id: string; entryId: string }> {
  const before = new Set(app.sandbox.control.wallets().map((w) => String(w.id)));
  const created = await app.ok('wallets:create', { coin, network });
  expect(created.outcome).toBe('accepted');
  const made = app.sandbox.control.wallets().find((w) => !before.has(String(w.id)))!;
  return { id: String(made.id), entryId: created.journalId };
}

async function payInvoice(orderId: string): Promise<string> {
  const created = await app.ok('invoices:create', {
    order_id: orderId,
    amount: '25.00',
    coin: 'usdt',
    network: 'tron',
  });
  expect(created.outcome).toBe('accepted');
  const code = String((created.data as { code: string }).code);
  await app.ok('sandbox:act', { action: 'pay-invoice', code });
  return code;
}

describe('moneyIn:list', () => {
  it('lists a Sandbox wallet deposit with its amount, coin, network, tx hash and wallet', async () => {
    const wallet = await newWallet();
    await app.ok('sandbox:act', { action: 'deposit-to-wallet', walletId: wallet.id, amount: '250' });
    const { items, total } = await app.ok('moneyIn:list', {});
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({
      kind: 'wallet-deposit',
      amount: '250',
      coin: 'usdt',
      network: 'tron',
      walletId: wallet.id,
    });
    expect(items[0]!.txHash).toMatch(/^[0-9a-zA-Z]{20,}$/);
    expect(Date.parse(items[0]!.at)).not.toBeNaN();
  });

  it('tells the desk of the deposit in a toast with its amount, pair, wallet and environment', () => {
    const toasts = app.events
      .filter((e) => e.channel === 'notification:toast')
      .map((e) => e.payload as { kind: string; title: string; body: string; entryId: string | null });
    const deposit = toasts.filter((t) => t.kind === 'wallet-deposit');
    expect(deposit).toHaveLength(1);
    expect(deposit[0]!.title).toBe('Deposit received · SANDBOX');
    expect(deposit[0]!.body).toMatch(/^250 USDT · TRON \(TRC-20\) to wallet \S+, tx \S+…\S+\.$/);
    expect(deposit[0]!.entryId).toBeNull();
  });

  it('lists an invoice payment too, newest first, and filters by kind, pair and date', async () => {
    // The Sandbox's clock is frozen in tests: move it on so the payment is later than the deposit.
    await app.ok('sandbox:act', { action: 'advance-clock', amount: 1, unit: 'minutes' });
    await payInvoice('MONEY-IN-1');
    const all = await app.ok('moneyIn:list', {});
    expect(all.items.map((i) => i.kind)).toEqual(['invoice-payment', 'wallet-deposit']);
    expect(all.items[0]!.invoiceId).not.toBeNull();
    expect(all.items[0]!.at >= all.items[1]!.at).toBe(true);

    const deposits = await app.ok('moneyIn:list', { kind: 'wallet-deposit' });
    expect(deposits.items.map((i) => i.kind)).toEqual(['wallet-deposit']);
    expect((await app.ok('moneyIn:list', { coin: 'BTC' })).total).toBe(0);
    expect((await app.ok('moneyIn:list', { coin: 'USDT', network: 'tron' })).total).toBe(2);
    expect((await app.ok('moneyIn:list', { to: '2000-01-01T00:00:00Z' })).total).toBe(0);
    const capped = await app.ok('moneyIn:list', { limit: 1 });
    expect([capped.items.length, capped.total]).toEqual([1, 2]);
  });

  it('refuses a reversed date range and an unknown kind at the boundary', async () => {
    const reversed = await app.call('moneyIn:list', {
      from: '2026-11-02T00:00:00Z',
      to: '2026-11-01T00:00:00Z',
    });
    expect(reversed).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    const kind = await app.call('moneyIn:list', { kind: 'withdrawal' } as never);
    expect(kind).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
  });

  it("shows a live profile none of the Sandbox's money in", async () => {
    const live = await app.ok('profiles:create', {
      name: 'Acme live',
      environment: 'live',
      baseUrl: 'https://127.0.0.1:9',
      merchantId: 'acme-42',
    });
    await app.ok('secrets:set', { profileId: live.id, apiKey: 'sk_live_money_in_0123456789' });
    await app.ok('profiles:activate', { id: live.id });
    expect(await app.ok('moneyIn:list', {})).toEqual({ items: [], total: 0 });
    await app.ok('profiles:activate', { id: 'sandbox' });
    expect((await app.ok('moneyIn:list', {})).total).toBe(2);
  });
});
