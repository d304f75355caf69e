import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  ALICE,
  BOB,
  createTestInvoice,
  publicRequest,
  signedRequest,
  TRON_ADDRESS,
} from '@test/helpers/sandbox-request';
import { useTestSandbox } from '@test/helpers/sandbox-fixture';

const sb = useTestSandbox('file');

const isController = (body: unknown): boolean =>
  typeof body === 'object' &&
  body !== null &&
  (body as { status?: unknown }).status === 'error' &&
  typeof (body as { message?: unknown }).message === 'string';

describe('error shapes', () => {
  it('unknown routes answer 404 ControllerError', async () => {
    for (const path of ['/v2/invoices', '/v1/nothing', '/', '/v1/invoices/x/y/z']) {
      const res = await publicRequest(sb, 'GET', path);
      expect(res.status).toBe(404);
      expect(isController(res.json)).toBe(true);
    }
  });

  it('a wrong method on a known path answers 405 ControllerError with Allow', async () => {
    const res = await publicRequest(sb, 'POST', '/v1/get-coin-rate');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    expect(isController(res.json)).toBe(true);
  });

  it('malformed JSON answers 422 ValidationError (merchant and public operations)', async () => {
    const signed = await signedRequest(sb, 'POST', '/v1/invoices', undefined, {
      rawBody: '{"order_id": "x",',
    });
    expect(signed.status).toBe(422);
    expect(signed.json).toMatchObject({ status: 'error', errors: { body: [expect.any(String)] } });
    const code = await createTestInvoice(sb, { order_id: 'mal-1', amount: '20', allow_card_payments: true });
    const pub = await publicRequest(sb, 'POST', `/v1/invoices/${code}/provider-card-orders`, '{nope');
    expect(pub.status).toBe(422);
    expect(pub.json).toMatchObject({ status: 'error', errors: { body: [expect.any(String)] } });
  });

  it('wrong types answer 422 with an error per field', async () => {
    const res = await signedRequest(sb, 'POST', '/v1/invoices', {
      order_id: 5,
      amount: 10,
      is_customer_fee: 'yes',
      allowed_coins: 'btc',
    });
    expect(res.status).toBe(422);
    const body = res.json as { status: string; message: string; errors: Record<string, string[]> };
    expect(body.status).toBe('error');
    expect(typeof body.message).toBe('string');
    expect(Object.keys(body.errors).sort()).toEqual([
      'allowed_coins',
      'amount',
      'is_customer_fee',
      'order_id',
    ]);
    const arr = await signedRequest(sb, 'POST', '/v1/withdrawals', ['not', 'an', 'object']);
    expect(arr.status).toBe(422);
    expect(Object.keys((arr.json as { errors: object }).errors).sort()).toEqual([
      'amount',
      'coin',
      'network',
      'to_address',
    ]);
  });

  it('a body over 1 MB answers 413 ControllerError without crashing the server', async () => {
    const huge = JSON.stringify({ order_id: 'big', amount: '10', pad: 'x'.repeat(2 * 1024 * 1024) });
    const res = await publicRequest(sb, 'POST', '/v1/invoices', huge);
    expect(res.status).toBe(413);
    expect(isController(res.json)).toBe(true);
    expect((await publicRequest(sb, 'GET', '/v1/coins-and-fee')).status).toBe(200);
  });

  it('a connection that aborts mid-body does not take the server down', async () => {
    await new Promise<void>((resolve) => {
      const req = request(`${sb.url}/v1/invoices`, { method: 'POST', headers: { 'Content-Length': '1000' } });
      req.on('error', () => resolve());
      req.write('{"order_id":');
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 50);
    });
    expect((await publicRequest(sb, 'GET', '/v1/get-coin-rate')).status).toBe(200);
  });

  it('404 ControllerError for unknown invoices and wallet QR ids', async () => {
    for (const path of ['/v1/invoices/NOPE', '/v1/wallet-addresses/nope/qr']) {
      const res = await publicRequest(sb, 'GET', path);
      expect(res.status).toBe(404);
      expect(isController(res.json)).toBe(true);
    }
    const card = await publicRequest(sb, 'POST', '/v1/invoices/NOPE/provider-card-orders');
    expect(card.status).toBe(404);
  });
});

describe('merchant isolation', () => {
  it("one merchant never sees another one's balances, order ids or withdrawals", async () => {
    await createTestInvoice(sb, { order_id: 'shared-id', amount: '10' }, ALICE);
    // The same order_id is free for another merchant: uniqueness is per merchant.
    await createTestInvoice(sb, { order_id: 'shared-id', amount: '10' }, BOB);
    const w = await signedRequest(sb, 'POST', '/v1/withdrawals', {
      network: 'tron',
      coin: 'usdt',
      amount: '10',
      to_address: TRON_ADDRESS,
    });
    expect(w.status).toBe(200);
    const bobBalances = await signedRequest(sb, 'GET', '/v1/merchants/balances', undefined, {
      merchant: BOB,
    });
    const rows = (
      bobBalances.json as {
        data: { balances: Array<{ coin: string; network: string; balance: string; frozen: string }> };
      }
    ).data.balances;
    const tron = rows.find((r) => r.coin === 'usdt' && r.network === 'tron');
    expect(tron).toMatchObject({ balance: '50', frozen: '0' });
    expect(sb.control.withdrawals(BOB.id)).toEqual([]);
    // Bob signing with Alice's id is an invalid signature, never access to Alice's data.
    const spoof = await signedRequest(sb, 'GET', '/v1/merchants/balances', undefined, {
      merchant: { id: ALICE.id, apiKey: BOB.apiKey },
    });
    expect(spoof.status).toBe(401);
  });
});
