import { describe, expect, it } from 'vitest';
import type { ClockSkew } from '@main/api/client';
import { ok } from '@test/helpers/stub-server';
import { NOW, catalog, fullInvoice, rates, useStub } from './client-fixtures';

const h = useStub();
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe('API client: response data', () => {
  it('validates the full invoice, accepts PHP [] for objects and keeps extra fields', async () => {
    h.stub.reply(
      ok({ invoice: { ...fullInvoice, brand_new_field: 7 }, network_fees: [{ coin: 'btc', fee: '0.0001' }] }),
    );
    const got = await h.client().getInvoice('abc');
    expect(got.invoice.amount_usd).toBe('20.00');
    expect(got.invoice.provider_card).toEqual({});
    expect((got.invoice as Record<string, unknown>).brand_new_field).toBe(7);
    expect(got.network_fees).toHaveLength(1);
    expect(got.unreadable).toEqual([]);
    expect(got.warnings).toEqual([]);
  });

  it('reads an invoice field by field: a field of the wrong type is marked unreadable, not fatal', async () => {
    h.stub.reply(
      ok({
        invoice: { ...fullInvoice, amount_usd: 12.5, transaction_list: null, extra: 'kept' },
        network_fees: [],
      }),
    );
    const got = await h.client().getInvoice('abc');
    expect(got.invoice.status).toBe('new');
    expect(got.invoice.payer_amount_usd).toBe('20.00');
    expect(got.invoice.amount_usd).toBeUndefined();
    expect(got.invoice.transaction_list).toBeUndefined();
    expect((got.invoice as Record<string, unknown>).extra).toBe('kept');
    expect(got.unreadable).toEqual([
      {
        field: 'invoice.amount_usd',
        value: 12.5,
        problem: expect.stringMatching(/expected string, received number/),
      },
      { field: 'invoice.transaction_list', value: null, problem: expect.any(String) },
    ]);
  });

  it('marks missing invoice fields and a missing envelope; only a non-object answer fails', async () => {
    const { merchant_name: _gone, ...rest } = fullInvoice;
    h.stub.reply({ status: 200, body: { invoice: rest, network_fees: 'none' } });
    const got = await h.client().getInvoice('abc');
    expect(got.invoice.code).toBe('abc');
    expect(got.network_fees).toEqual([]);
    expect(got.unreadable.map((u) => u.field)).toEqual(['invoice.merchant_name', 'network_fees']);
    expect(got.unreadable[0]).toMatchObject({ problem: 'missing' });
    expect(got.unreadable[0]).not.toHaveProperty('value');
    expect(got.warnings).toEqual([expect.stringMatching(/no \{status, data\} envelope/)]);
    for (const data of [null, 'text', [1], { invoice: 'x' }]) {
      h.stub.reply(ok(data));
      await expect(h.client().getInvoice('abc')).rejects.toMatchObject({ kind: 'schema' });
    }
    h.stub.reply({ status: 200, body: 'not json' });
    await expect(h.client().getInvoice('abc')).rejects.toMatchObject({ kind: 'not-json' });
  });

  it('accepts any JSON for "not shown" shapes', async () => {
    for (const data of [[{ coin: 'btc', balance: '1' }], { anything: { goes: true } }, null, 'text']) {
      h.stub.reply(ok(data));
      await expect(h.client().getMerchantBalances()).resolves.toEqual(data);
    }
    h.stub.reply({ status: 200, body: { unenveloped: 1 } });
    await expect(h.client().getMerchantFees()).resolves.toEqual({ unenveloped: 1 });
    h.stub.reply(
      ok({ id: 'o1', provider: 'x', local_status: 'created', expires_at: '2025-11-22T00:00:00Z', more: [1] }),
    );
    const card = await h.client().createProviderCardOrder({ invoiceCode: 'abc' });
    expect(card).toMatchObject({ outcome: 'accepted', data: { local_status: 'created', more: [1] } });
  });

  it('wallet creation checks qr_code_url when present', async () => {
    h.stub.reply(ok({ qr_code_url: 'https://svc/v1/wallet-addresses/w9/qr', address: 'T1' }));
    const good = await h.client().createWalletAddress({
      coin: 'usdt',
      network: 'tron',
      webhook_url: 'https://h.example/cb',
    });
    expect(good).toMatchObject({ outcome: 'accepted', data: { address: 'T1' } });
    expect(h.stub.requests[0]!.body).toBe(
      '{"coin":"usdt","network":"tron","webhook_url":"https:\\/\\/h.example\\/cb"}',
    );
    h.stub.reply(ok({ qr_code_url: 42 }));
    const odd = await h.client().createWalletAddress({ coin: 'usdt', network: 'tron' });
    expect(odd).toMatchObject({
      outcome: 'accepted',
      data: {},
      raw: { qr_code_url: 42 },
      warnings: [expect.stringMatching(/^qr_code_url could not be read/)],
    });
  });

  it('returns QR PNG bytes with their content type', async () => {
    h.stub.reply({ status: 200, headers: { 'Content-Type': 'image/png' }, body: PNG });
    const qr = await h.client().getWalletQrCode('w9');
    expect(qr.contentType).toBe('image/png');
    expect(Array.from(qr.bytes)).toEqual(Array.from(PNG));
    expect(h.stub.requests[0]!.url).toBe('/v1/wallet-addresses/w9/qr');
  });
});

describe('API client: clock skew from the Date header', () => {
  it('reports a skew of 60 s or more and corrects the Timestamp when asked', async () => {
    const reports: ClockSkew[] = [];
    const client = h.client({ correctClock: true, onClockSkew: (s) => reports.push(s) });
    h.stub.reply(ok({}, { date: new Date(NOW + 120_000).toUTCString() }));
    await client.getMerchantFees();
    expect(h.stub.requests[0]!.headers.timestamp).toBe(String(NOW / 1000));
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ warn: true, breaksWindow: false, measuredAt: NOW });
    expect(Math.abs(reports[0]!.offsetMs - 120_000)).toBeLessThanOrEqual(1000);
    await client.getMerchantFees();
    expect(Number(h.stub.requests[1]!.headers.timestamp)).toBe(NOW / 1000 + 120);
    expect(reports).toHaveLength(1);
    expect(client.getClockSkew()?.warn).toBe(true);
  });

  it('flags a skew that breaks the 300 s window before it is reached, and leaves timestamps alone by default', async () => {
    const reports: ClockSkew[] = [];
    const client = h.client({ onClockSkew: (s) => reports.push(s) });
    h.stub.reply(ok({}, { date: new Date(NOW - 280_000).toUTCString() }));
    await client.getMerchantFees();
    await client.getMerchantFees();
    expect(reports[0]).toMatchObject({ warn: true, breaksWindow: true });
    expect(h.stub.requests[1]!.headers.timestamp).toBe(String(NOW / 1000));
  });

  it('a small skew is not a warning; no Date header means no measurement', async () => {
    const client = h.client();
    h.stub.reply(ok({}, { date: null }));
    await client.getMerchantFees();
    expect(client.getClockSkew()).toBeUndefined();
    h.stub.reply(ok({}, { date: new Date(NOW + 5_000).toUTCString() }));
    await client.getMerchantFees();
    expect(client.getClockSkew()).toMatchObject({ warn: false, breaksWindow: false });
  });
});

describe('API client: catalog cache', () => {
  it('caches for the Cache-Control max-age, refreshes after it and on force', async () => {
    let t = NOW;
    const client = h.client({ now: () => t });
    h.stub.reply(ok(catalog, { headers: { 'Cache-Control': 'public, max-age=900' } }));
    const first = await client.getCoinCatalog();
    expect(first.coins[0]!.coin.symbol).toBe('USDT');
    t += 899_000;
    await client.getCoinCatalog();
    expect(h.stub.requests).toHaveLength(1);
    t += 1_000;
    await client.getCoinCatalog();
    expect(h.stub.requests).toHaveLength(2);
    await client.getCoinCatalog({ force: true });
    expect(h.stub.requests).toHaveLength(3);
  });

  it('does not cache without max-age or with no-store', async () => {
    const client = h.client();
    h.stub.reply(ok(catalog, { headers: { 'Cache-Control': 'no-store, max-age=900' } }));
    await client.getCoinCatalog();
    await client.getCoinCatalog();
    expect(h.stub.requests).toHaveLength(2);
  });

  it('rates are validated entries', async () => {
    h.stub.reply(ok(rates));
    const got = await h.client().getCoinRates();
    expect(got.map((e) => e.coin.symbol)).toEqual(['usd', 'usdt', 'btc']);
  });
});
