import { describe, expect, it, vi } from 'vitest';
import { canonicalJson } from '../../../src-main/api/canonical';
import { signLegacy, signTimestamped } from '../../../src-main/api/signing';
import { ok } from '../../helpers/stub-server';
import { KEY, MERCHANT, NOW, invoiceCreated, useStub } from './client-fixtures';

const h = useStub();

const header = (i: number, name: string): string | undefined => {
  const v = h.stub.requests[i]?.headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(',') : v;
};

describe('API client: bytes, signatures and headers', () => {
  it('sends exactly the canonical bytes and signs them with the timestamped scheme', async () => {
    h.stub.reply(ok(invoiceCreated));
    const input = { order_id: 'A/1 é', amount: '10.00', success_url: 'https://shop.example/ok?a=1' };
    const out = await h.client().createInvoice(input);
    expect(out.outcome).toBe('ok');
    const req = h.stub.requests[0]!;
    const expected = canonicalJson({
      order_id: 'A/1 é',
      amount: '10.00',
      success_url: 'https://shop.example/ok?a=1',
    });
    expect(req.body).toBe(expected);
    expect(req.body).toContain('A\\/1 \\u00e9');
    expect(out.requestBody).toBe(expected);
    expect(header(0, 'content-type')).toBe('application/json');
    expect(header(0, 'merchant')).toBe(MERCHANT);
    const ts = header(0, 'timestamp')!;
    expect(ts).toMatch(/^\d+$/);
    expect(ts).toBe(String(NOW / 1000));
    expect(header(0, 'sign')).toBe(signTimestamped(req.body, ts, KEY));
  });

  it('signs a GET without a body over the empty string', async () => {
    h.stub.reply(ok({ any: 'thing' }));
    await h.client().getMerchantBalances();
    const req = h.stub.requests[0]!;
    expect(req.method).toBe('GET');
    expect(req.url).toBe('/v1/merchants/balances');
    expect(req.body).toBe('');
    expect(header(0, 'content-type')).toBeUndefined();
    expect(header(0, 'sign')).toBe(signTimestamped('', header(0, 'timestamp')!, KEY));
  });

  it('uses the legacy scheme without Timestamp on a legacy profile', async () => {
    h.stub.reply(ok({}));
    await h.client({ signing: 'legacy' }).getMerchantFees();
    expect(header(0, 'timestamp')).toBeUndefined();
    expect(header(0, 'sign')).toBe(signLegacy('', KEY));
    h.stub.reply(ok({ qr_code_url: 'https://x/v1/wallet-addresses/w1/qr' }));
    await h.client({ signing: 'legacy' }).createWalletAddress({ coin: 'USDT', network: 'Tron' });
    expect(header(0, 'sign')).toBe(signLegacy(h.stub.requests[0]!.body, KEY));
  });

  it('always timestamps withdrawals, even on a legacy profile', async () => {
    h.stub.reply(ok({ withdrawal_id: 'w-1', status: 'pending', amounts: {}, fees: [] }));
    const out = await h.client({ signing: 'legacy' }).createWithdrawal({
      coin: 'USDT',
      network: 'TRON',
      amount: '12.5',
      to_address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
    });
    expect(out.outcome).toBe('ok');
    const req = h.stub.requests[0]!;
    expect(req.body).toBe(
      '{"network":"tron","coin":"usdt","amount":"12.5","to_address":"TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL"}',
    );
    const ts = header(0, 'timestamp')!;
    expect(ts).toMatch(/^\d+$/);
    expect(header(0, 'sign')).toBe(signTimestamped(req.body, ts, KEY));
  });

  it('sends a fresh Timestamp per request from the clock', async () => {
    let t = NOW;
    const client = h.client({ now: () => t });
    h.stub.reply(ok({}));
    await client.getMerchantFees();
    t += 7_900;
    await client.getMerchantFees();
    expect(header(0, 'timestamp')).toBe(String(NOW / 1000));
    expect(header(1, 'timestamp')).toBe(String(NOW / 1000 + 7));
  });

  it('public operations carry no Merchant, Sign or Timestamp', async () => {
    const client = h.client();
    h.stub.reply(ok([]));
    await client.getCoinRates();
    h.stub.reply(ok({ coins: [] }));
    await client.getCoinCatalog();
    h.stub.reply(ok({ id: 'o1' }));
    await client.createProviderCardOrder({ invoiceCode: 'abc', email: 'a@b.co' });
    expect(h.stub.requests[0]!.body).toBe('{"email":"a@b.co"}');
    expect(h.stub.requests[0]!.url).toBe('/v1/invoices/abc/provider-card-orders');
    for (const req of h.stub.requests) {
      expect(req.headers.merchant).toBeUndefined();
      expect(req.headers.sign).toBeUndefined();
      expect(req.headers.timestamp).toBeUndefined();
    }
  });

  it('lowercases coin and network codes and normalises an empty allowed_coins to null', async () => {
    h.stub.reply(ok(invoiceCreated));
    await h
      .client()
      .createInvoice({ order_id: 'A-2', amount: '3', coin: 'BTC', network: 'Bitcoin', allowed_coins: [] });
    expect(h.stub.requests[0]!.body).toBe(
      '{"order_id":"A-2","amount":"3","allowed_coins":null,"coin":"btc","network":"bitcoin"}',
    );
    await h.client().createInvoice({ order_id: 'A-3', amount: '3', allowed_coins: ['USDT', 'Btc'] });
    expect(h.stub.requests[1]!.body).toContain('"allowed_coins":["usdt","btc"]');
  });

  it('escapes path parameters', async () => {
    h.stub.reply({ status: 404, body: { status: 'error', message: 'Not found' } });
    await expect(h.client().getInvoice('a/b?c')).rejects.toMatchObject({
      kind: 'not-found',
      httpStatus: 404,
    });
    expect(h.stub.requests[0]!.url).toBe('/v1/invoices/a%2Fb%3Fc');
  });
});

describe('API client: nothing is sent for bad input', () => {
  const cases: Array<[string, () => Promise<unknown>, string]> = [
    ['amount below 3', () => h.client().createInvoice({ order_id: 'A', amount: '2.99' }), 'amount'],
    ['amount with a comma', () => h.client().createInvoice({ order_id: 'A', amount: '3,00' }), 'amount'],
    ['empty order_id', () => h.client().createInvoice({ order_id: '', amount: '5' }), 'order_id'],
    [
      'coin without network',
      () => h.client().createInvoice({ order_id: 'A', amount: '5', coin: 'btc' }),
      'network',
    ],
    [
      'network without coin',
      () => h.client().createInvoice({ order_id: 'A', amount: '5', network: 'tron' }),
      'coin',
    ],
    [
      'coin:network pair',
      () => h.client().createInvoice({ order_id: 'A', amount: '5', allowed_coins: ['usdt:tron'] }),
      'allowed_coins[0]',
    ],
    [
      'bad URL',
      () => h.client().createInvoice({ order_id: 'A', amount: '5', success_url: 'javascript:alert(1)' }),
      'success_url',
    ],
    [
      'zero withdrawal',
      () => h.client().createWithdrawal({ coin: 'usdt', network: 'tron', amount: '0.000', to_address: 'T' }),
      'amount',
    ],
    [
      // One character changed (a typo or a tampered clipboard): the base58check checksum catches it.
      'address with a wrong checksum',
      () =>
        h.client().createWithdrawal({
          coin: 'usdt',
          network: 'tron',
          amount: '5',
          to_address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqef',
        }),
      'to_address',
    ],
    [
      'address hidden behind a direction override',
      () =>
        h.client().createWithdrawal({
          coin: 'usdt',
          network: 'tron',
          amount: '5',
          to_address: '\u202eTNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
        }),
      'to_address',
    ],
    [
      'blank address',
      () => h.client().createWithdrawal({ coin: 'usdt', network: 'tron', amount: '1', to_address: ' T' }),
      'to_address',
    ],
    [
      'wallet webhook',
      () => h.client().createWalletAddress({ coin: 'usdt', network: 'tron', webhook_url: 'ftp://x' }),
      'webhook_url',
    ],
    ['card e-mail', () => h.client().createProviderCardOrder({ invoiceCode: 'abc', email: 'nope' }), 'email'],
    [
      'float in wallet extras',
      () => h.client().createWalletAddress({ coin: 'usdt', network: 'tron', label: 1.5 }),
      'label',
    ],
    ['empty merchant id', () => h.client({ merchantId: '' }).getMerchantFees(), 'merchantId'],
    [
      'merchant id with a space',
      () =>
        h
          .client({ merchantId: 'm 1' })
          .createWithdrawal({ coin: 'a', network: 'b', amount: '1', to_address: 'x' }),
      'merchantId',
    ],
    ['empty API key', () => h.client({ apiKey: async () => '' }).getMerchantFees(), 'apiKey'],
  ];
  it.each(cases)('%s → request error naming the field, stub saw nothing', async (_name, call, field) => {
    const error = await call().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ kind: 'request' });
    expect(Object.keys((error as { fieldErrors: object }).fieldErrors)).toContain(field);
    expect(h.stub.requests).toHaveLength(0);
  });

  it('beforeSend runs before the request leaves and gets the exact body and timestamp', async () => {
    const seen: number[] = [];
    h.stub.reply(ok(invoiceCreated));
    const beforeSend = vi.fn(() => {
      seen.push(h.stub.requests.length);
    });
    const out = await h.client().createInvoice({ order_id: 'A-9', amount: '4' }, { beforeSend });
    expect(seen).toEqual([0]);
    expect(beforeSend).toHaveBeenCalledWith({
      operation: 'createInvoice',
      requestBody: h.stub.requests[0]!.body,
      timestamp: String(NOW / 1000),
    });
    expect(out.requestBody).toBe(h.stub.requests[0]!.body);
  });

  it('a throwing beforeSend propagates and nothing is sent; invalid input never calls it', async () => {
    const boom = new Error('journal is read-only');
    await expect(
      h
        .client()
        .createWithdrawal(
          { coin: 'usdt', network: 'tron', amount: '1', to_address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL' },
          { beforeSend: () => Promise.reject(boom) },
        ),
    ).rejects.toBe(boom);
    const beforeSend = vi.fn();
    await expect(
      h.client().createInvoice({ order_id: 'A', amount: '1' }, { beforeSend }),
    ).rejects.toMatchObject({ kind: 'request' });
    expect(beforeSend).not.toHaveBeenCalled();
    expect(h.stub.requests).toHaveLength(0);
  });
});
