import { describe, expect, it } from 'vitest';
import { ALICE, publicRequest, signedRequest, TRON_ADDRESS } from '@test/helpers/sandbox-request';
import { useTestSandbox } from '@test/helpers/sandbox-fixture';

const sb = useTestSandbox('file');

const invoiceBody = (orderId: string) => ({ order_id: orderId, amount: '10.00' });
const withdrawal = { network: 'tron', coin: 'usdt', amount: '10', to_address: TRON_ADDRESS };

describe('authentication failure table', () => {
  it('400 Missing headers when Merchant is absent', async () => {
    const res = await signedRequest(sb, 'POST', '/v1/invoices', invoiceBody('a1'), {
      headers: { Merchant: undefined },
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: 'Missing headers' });
  });

  it('400 Missing headers when Sign is absent', async () => {
    const res = await signedRequest(sb, 'GET', '/v1/merchants/balances', undefined, {
      headers: { Sign: undefined },
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: 'Missing headers' });
  });

  it('400 Missing timestamp on a withdrawal signed the legacy way', async () => {
    const res = await signedRequest(sb, 'POST', '/v1/withdrawals', withdrawal, { mode: 'legacy' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: 'Missing timestamp' });
  });

  it('401 Invalid merchant for an unknown merchant id', async () => {
    const res = await signedRequest(sb, 'GET', '/v1/merchants/balances', undefined, {
      merchant: { id: 'nobody', apiKey: 'x' },
    });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ error: 'Invalid merchant' });
  });

  it('401 Invalid sign for a wrong key, a tampered body, or an uppercase signature', async () => {
    const wrongKey = await signedRequest(sb, 'POST', '/v1/invoices', invoiceBody('a2'), {
      merchant: { id: ALICE.id, apiKey: 'wrong' },
    });
    expect([wrongKey.status, wrongKey.json]).toEqual([401, { error: 'Invalid sign' }]);
    const good = await signedRequest(sb, 'POST', '/v1/invoices', invoiceBody('a3'), { sign: 'f'.repeat(64) });
    expect([good.status, good.json]).toEqual([401, { error: 'Invalid sign' }]);
  });

  it('401 Timestamp expired outside the 300 s window and for non-digit timestamps', async () => {
    const now = Math.floor(sb.clock.now() / 1000);
    for (const ts of [String(now - 301), String(now + 301), 'abc', '-5', `${now}.0`]) {
      const res = await signedRequest(sb, 'GET', '/v1/merchants/balances', undefined, { timestamp: ts });
      expect([ts, res.status, res.json]).toEqual([ts, 401, { error: 'Timestamp expired' }]);
    }
    for (const ts of [String(now - 300), String(now + 300)]) {
      const res = await signedRequest(sb, 'GET', '/v1/merchants/balances', undefined, { timestamp: ts });
      expect(res.status).toBe(200);
    }
  });

  it('403 Merchant account is suspended (only after a valid signature)', async () => {
    sb.control.suspendMerchant(ALICE.id, true);
    try {
      const res = await signedRequest(sb, 'GET', '/v1/merchants/fees');
      expect([res.status, res.json]).toEqual([403, { error: 'Merchant account is suspended' }]);
      const unsigned = await signedRequest(sb, 'GET', '/v1/merchants/fees', undefined, {
        sign: '0'.repeat(64),
      });
      expect(unsigned.status).toBe(401);
    } finally {
      sb.control.suspendMerchant(ALICE.id, false);
    }
  });
});

describe('signature modes', () => {
  it('accepts legacy signatures on createInvoice, createWalletAddress, balances and fees', async () => {
    expect(
      (await signedRequest(sb, 'POST', '/v1/invoices', invoiceBody('legacy-1'), { mode: 'legacy' })).status,
    ).toBe(200);
    const wallet = await signedRequest(
      sb,
      'POST',
      '/v1/wallet-address',
      { coin: 'usdt', network: 'tron' },
      { mode: 'legacy' },
    );
    expect(wallet.status).toBe(200);
    expect(
      (await signedRequest(sb, 'GET', '/v1/merchants/balances', undefined, { mode: 'legacy' })).status,
    ).toBe(200);
    expect((await signedRequest(sb, 'GET', '/v1/merchants/fees', undefined, { mode: 'legacy' })).status).toBe(
      200,
    );
  });

  it('a timestamp selects the timestamped mode: a legacy signature next to it fails', async () => {
    const { signLegacy } = await import('@main/protocol/signing');
    const res = await signedRequest(sb, 'GET', '/v1/merchants/fees', undefined, {
      sign: signLegacy('', ALICE.apiKey),
    });
    expect([res.status, res.json]).toEqual([401, { error: 'Invalid sign' }]);
  });

  it('accepts the X-Timestamp alias, including on withdrawals', async () => {
    const res = await signedRequest(sb, 'POST', '/v1/withdrawals', withdrawal, {
      timestampHeader: 'X-Timestamp',
    });
    expect(res.status).toBe(200);
  });

  it('verifies over the PHP re-encoding, not the bytes on the wire', async () => {
    // Whitespace and unescaped slashes differ on the wire; the canonical re-encoding is what is signed.
    const { signTimestamped } = await import('@main/protocol/signing');
    const ts = String(Math.floor(sb.clock.now() / 1000));
    const canonical = '{"order_id":"ws\\/1","amount":"10.00"}';
    const res = await signedRequest(sb, 'POST', '/v1/invoices', undefined, {
      rawBody: '{ "order_id": "ws/1", "amount": "10.00" }',
      timestamp: ts,
      sign: signTimestamped(canonical, ts, ALICE.apiKey),
    });
    expect(res.status).toBe(200);
  });

  it('a float in the body cannot be re-encoded faithfully: 401 Invalid sign', async () => {
    const res = await signedRequest(sb, 'POST', '/v1/invoices', undefined, {
      rawBody: '{"order_id":"f1","amount":10.5}',
    });
    expect([res.status, res.json]).toEqual([401, { error: 'Invalid sign' }]);
  });

  it('public operations ignore merchant headers, even wrong ones', async () => {
    const res = await publicRequest(sb, 'GET', '/v1/get-coin-rate', undefined, {
      Merchant: 'nobody',
      Sign: 'bad',
      Timestamp: '1',
    });
    expect(res.status).toBe(200);
  });
});
