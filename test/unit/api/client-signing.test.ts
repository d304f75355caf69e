import { describe, expect, it } from 'vitest';
import { invokeChannels } from '@contract';
import { zodFieldErrors } from '@shared/field-errors';
import { canonicalJson } from '@main/protocol/canonical';
import { signLegacy, signTimestamped } from '@main/protocol/signing';
import { ok } from '@test/helpers/stub-server';
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
    expect(out.outcome).toBe('accepted');
    const req = h.stub.requests[0]!;
    const expected = canonicalJson({
      order_id: 'A/1 é',
      amount: '10.00',
      success_url: 'https://shop.example/ok?a=1',
    });
    expect(req.body).toBe(expected);
    expect(req.body).toContain('A\\/1 \\u00e9');
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
    // Parsed at the IPC boundary, as the app does: that is where codes are lowercased.
    const body = invokeChannels['withdrawals:create'].request.parse({
      coin: 'USDT',
      network: 'TRON',
      amount: '12.5',
      to_address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
    });
    const out = await h.client({ signing: 'legacy' }).createWithdrawal(body);
    expect(out.outcome).toBe('accepted');
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

  it('the boundary lowercases coin and network codes and makes an empty allowed_coins null', async () => {
    h.stub.reply(ok(invoiceCreated));
    const parse = (input: unknown) => invokeChannels['invoices:create'].request.parse(input);
    await h
      .client()
      .createInvoice(
        parse({ order_id: 'A-2', amount: '3', coin: 'BTC', network: 'Bitcoin', allowed_coins: [] }),
      );
    expect(h.stub.requests[0]!.body).toBe(
      '{"order_id":"A-2","amount":"3","allowed_coins":null,"coin":"btc","network":"bitcoin"}',
    );
    await h.client().createInvoice(parse({ order_id: 'A-3', amount: '3', allowed_coins: ['USDT', 'Btc'] }));
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

/** Bad input is refused once, at the IPC boundary, by the channel's schema: the client never sees it. */
function boundaryProblems(channel: keyof typeof invokeChannels, payload: unknown): string[] {
  const result = invokeChannels[channel].request.safeParse(payload);
  return result.success ? [] : Object.keys(zodFieldErrors(result.error));
}

describe('the IPC boundary refuses bad money requests, naming the field', () => {
  const address = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
  const cases: Array<[string, keyof typeof invokeChannels, unknown, string]> = [
    ['amount below 3', 'invoices:create', { order_id: 'A', amount: '2.99' }, 'amount'],
    ['amount with a comma', 'invoices:create', { order_id: 'A', amount: '3,00' }, 'amount'],
    ['empty order_id', 'invoices:create', { order_id: '', amount: '5' }, 'order_id'],
    ['coin without network', 'invoices:create', { order_id: 'A', amount: '5', coin: 'btc' }, 'network'],
    ['network without coin', 'invoices:create', { order_id: 'A', amount: '5', network: 'tron' }, 'coin'],
    [
      'coin:network pair',
      'invoices:create',
      { order_id: 'A', amount: '5', allowed_coins: ['usdt:tron'] },
      'allowed_coins[0]',
    ],
    [
      'bad URL',
      'invoices:create',
      { order_id: 'A', amount: '5', success_url: 'javascript:alert(1)' },
      'success_url',
    ],
    [
      'zero withdrawal',
      'withdrawals:create',
      { coin: 'usdt', network: 'tron', amount: '0.000', to_address: address },
      'amount',
    ],
    [
      // One character changed (a typo or a tampered clipboard): the base58check checksum catches it.
      'address with a wrong checksum',
      'withdrawals:create',
      { coin: 'usdt', network: 'tron', amount: '5', to_address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqef' },
      'to_address',
    ],
    [
      'address hidden behind a direction override',
      'withdrawals:create',
      { coin: 'usdt', network: 'tron', amount: '5', to_address: `\u202e${address}` },
      'to_address',
    ],
    [
      'blank address',
      'withdrawals:create',
      { coin: 'usdt', network: 'tron', amount: '1', to_address: ' T' },
      'to_address',
    ],
    [
      'wallet webhook',
      'wallets:create',
      { coin: 'usdt', network: 'tron', webhook_url: 'ftp://x' },
      'webhook_url',
    ],
    ['card e-mail', 'invoices:card-order', { code: 'abc', email: 'nope' }, 'email'],
  ];
  it.each(cases)('%s → the field is named', (_name, channel, payload, field) => {
    expect(boundaryProblems(channel, payload)).toContain(field);
  });

  it('accepts a clean withdrawal of a positive amount', () => {
    const payload = { coin: 'usdt', network: 'tron', amount: '0.001', to_address: address };
    expect(boundaryProblems('withdrawals:create', payload)).toEqual([]);
  });
});

describe('API client: what prepare refuses is never sent', () => {
  const cases: Array<[string, () => Promise<unknown>, string]> = [
    [
      'a float in a body (never a decimal string)',
      () => h.client().createInvoice({ order_id: 'A', amount: 1.5 as unknown as string }),
      'amount',
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
    [
      'empty API key on a write',
      () => h.client({ apiKey: async () => '' }).createInvoice({ order_id: 'A', amount: '5' }),
      'apiKey',
    ],
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

  it('prepare encodes and signs once, sends nothing; send sends exactly those bytes and headers', async () => {
    h.stub.reply(ok(invoiceCreated));
    const client = h.client();
    const prepared = await client.prepare({
      operation: 'createInvoice',
      body: { order_id: 'A-9', amount: '4' },
    });
    expect(h.stub.requests).toHaveLength(0);
    expect(prepared).toMatchObject({
      operation: 'createInvoice',
      body: canonicalJson({ order_id: 'A-9', amount: '4' }),
      record: { order_id: 'A-9', amount: '4' },
      timestamp: String(NOW / 1000),
    });
    const out = await client.send(prepared);
    expect(out.outcome).toBe('accepted');
    expect(h.stub.requests).toHaveLength(1);
    expect(h.stub.requests[0]!.body).toBe(prepared.body);
    expect(header(0, 'sign')).toBe(prepared.headers['Sign']);
    expect(header(0, 'timestamp')).toBe(prepared.timestamp);
  });

  it('a card order without an e-mail has no body: signed as empty, recorded as {}', async () => {
    const prepared = await h.client().prepare({ operation: 'createProviderCardOrder', invoiceCode: 'abc' });
    expect([prepared.body, prepared.record]).toEqual(['', {}]);
  });
});
