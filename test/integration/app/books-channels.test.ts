import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';

let app: AppHarness;
beforeAll(async () => {
  app = await startAppHarness();
});
afterAll(async () => {
  await app.dispose();
});

describe('books through the app: a paid invoice valued when it happened, exported from the journal', () => {
  it('records the rate with the payment, and exports it (Koinly) with its value, the same file twice', async () => {
    // The rates feed has answered once, as it has moments after the desk starts.
    await app.services.activeScope().rates.pollOnce();
    const created = await app.ok('invoices:create', {
      order_id: 'BOOKS-1',
      amount: '25.00',
      coin: 'usdt',
      network: 'tron',
    });
    await app.ok('sandbox:act', {
      action: 'pay-invoice',
      code: String((created.data as { code: string }).code),
    });
    const { timeline } = await app.ok('journal:entry', { id: created.journalId });
    const rate = timeline.find((e) => e.type === 'rate');
    expect(rate?.detail).toMatchObject({
      movement: 'invoice.paid',
      asset: 'USDT',
      source: 'getCoinRates',
      missing: null,
    });

    const period = {
      from: new Date(Date.now() - 86_400_000).toISOString(),
      to: new Date(Date.now() + 86_400_000).toISOString(),
    };
    const first = await app.ok('books:export', { format: 'koinly', ...period });
    const rows = parse(readFileSync(first.paths[0]!, 'utf8'), { columns: true }) as Record<string, string>[];
    const payment = rows.find((r) => r.Label === 'income');
    expect(payment).toMatchObject({ 'Received Currency': 'USDT', 'Net Worth Currency': 'USD' });
    expect(payment!['Net Worth Amount']).toMatch(/^\d+\.\d{2}$/);
    expect(first).toMatchObject({ withoutRate: 0, chainPosition: expect.stringMatching(/^event #\d+ /) });
    const second = await app.ok('books:export', { format: 'koinly', ...period });
    expect(readFileSync(second.paths[0]!)).toEqual(readFileSync(first.paths[0]!));
  });

  it('records a wallet deposit with its rate when its webhook arrives, and exports it (QuickBooks) valued', async () => {
    await app.services.activeScope().rates.pollOnce();
    const before = new Set(app.sandbox.control.wallets().map((w) => String(w.id)));
    await app.ok('wallets:create', { coin: 'usdt', network: 'tron' });
    const wallet = app.sandbox.control.wallets().find((w) => !before.has(String(w.id)))!;
    await app.ok('sandbox:act', { action: 'deposit-to-wallet', walletId: String(wallet.id), amount: '250' });
    const period = {
      from: new Date(Date.now() - 86_400_000).toISOString(),
      to: new Date(Date.now() + 86_400_000).toISOString(),
    };
    // The export is refused while the chain does not check: the deposit's event keeps it whole.
    const done = await app.ok('books:export', { format: 'quickbooks', ...period });
    const refs = done.paths.find((p) => p.endsWith('-references.csv'))!;
    const rows = parse(readFileSync(refs, 'utf8'), { columns: true }) as Record<string, string>[];
    const deposit = rows.filter((r) => r.Description === 'Wallet deposit received USDT');
    expect(deposit).toHaveLength(1);
    expect(deposit[0]).toMatchObject({ Reference: `wallet ${wallet.id}`, 'Asset amount': '250' });
    expect(deposit[0]!.Amount).toMatch(/^\d+\.\d{2}$/);
    expect(deposit[0]!.Rate).toMatch(/^USDT at [0-9.]+ USD \(getCoinRates /);
  });

  it('refuses a reversed period and an unknown format at the boundary', async () => {
    const bad = await app.call('books:export', {
      format: 'koinly',
      from: '2026-11-02T00:00:00Z',
      to: '2026-11-01T00:00:00Z',
    });
    expect(bad).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    const odd = await app.call('books:export', {
      format: 'sage' as never,
      from: '2026-11-01T00:00:00Z',
      to: '2026-11-02T00:00:00Z',
    });
    expect(odd.ok).toBe(false);
  });
});
