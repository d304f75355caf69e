import { describe, expect, it } from 'vitest';
import { createApiClient } from '@main/api/client';
import { refusedPort } from '@test/helpers/ports';
import { withWrites } from '@test/helpers/with-writes';
import { signTimestamped } from '@main/protocol/signing';
import { ok } from '@test/helpers/stub-server';
import { KEY, MERCHANT, invoiceCreated, rates, useStub } from './client-fixtures';

const h = useStub();
const withdrawal = {
  coin: 'usdt',
  network: 'tron',
  amount: '25',
  to_address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
};

describe('API client: write outcomes (never retried)', () => {
  it('409 on an invoice is rejected with a lookup hint', async () => {
    h.stub.reply({ status: 409, body: { status: 'error', message: 'Order already exists' } });
    const out = await h.client().createInvoice({ order_id: 'A-1', amount: '10' });
    expect(out).toMatchObject({
      outcome: 'rejected',
      httpStatus: 409,
      error: { kind: 'controller', serverMessage: 'Order already exists' },
    });
    expect(out.outcome === 'rejected' && out.error.message).toMatch(/look it up/);
    expect(h.stub.requests).toHaveLength(1);
  });

  it('422 is rejected with field errors', async () => {
    h.stub.reply({
      status: 422,
      body: { status: 'error', message: 'Invalid', errors: { amount: ['Too low'], to_address: ['Bad'] } },
    });
    const out = await h.client().createWithdrawal(withdrawal);
    expect(out).toMatchObject({
      outcome: 'rejected',
      httpStatus: 422,
      error: { kind: 'validation', fieldErrors: { amount: ['Too low'], to_address: ['Bad'] } },
    });
  });

  it('429 on a write is rejected and not retried', async () => {
    h.stub.reply({ status: 429, body: { status: 'error', message: 'Too Many Requests' } });
    const out = await h.client().createWalletAddress({ coin: 'usdt', network: 'tron' });
    expect(out).toMatchObject({ outcome: 'rejected', httpStatus: 429, error: { kind: 'throttle' } });
    expect(h.stub.requests).toHaveLength(1);
    expect(h.sleeps).toEqual([]);
  });

  it('400 auth failure is rejected', async () => {
    h.stub.reply({ status: 401, body: { error: 'Invalid sign' } });
    const out = await h.client().createWithdrawal(withdrawal);
    expect(out).toMatchObject({
      outcome: 'rejected',
      error: { kind: 'auth', serverMessage: 'Invalid sign' },
    });
  });

  it('500 is unknown and sent exactly once', async () => {
    h.stub.reply({ status: 500, body: { status: 'error', message: 'Server Error' } });
    const out = await h.client().createWithdrawal(withdrawal);
    expect(out).toMatchObject({ outcome: 'unknown', httpStatus: 500, error: { kind: 'controller' } });
    expect(out.outcome === 'unknown' && out.error.message).toMatch(
      /may have been performed.*Do not submit it again/,
    );
    expect(h.stub.requests).toHaveLength(1);
    expect(h.sleeps).toEqual([]);
  });

  it('HTML 502 from a proxy is unknown, kind not-json, with a short excerpt', async () => {
    const html = `<html><head><title>502 Bad Gateway</title></head><body>${'x'.repeat(500)}</body></html>`;
    h.stub.reply({ status: 502, headers: { 'Content-Type': 'text/html' }, body: html });
    const out = await h.client().createInvoice({ order_id: 'A-1', amount: '10' });
    expect(out).toMatchObject({
      outcome: 'unknown',
      httpStatus: 502,
      error: { kind: 'not-json', httpStatus: 502 },
    });
    const excerpt = out.outcome === 'unknown' ? String(out.error.details?.excerpt) : '';
    expect(excerpt).toContain('502 Bad Gateway');
    expect(excerpt.length).toBeLessThanOrEqual(200);
  });

  it('a dropped connection after the server read the body is unknown', async () => {
    h.stub.reply({ action: 'destroy' });
    const out = await h.client().createWithdrawal(withdrawal);
    expect(out).toMatchObject({
      outcome: 'unknown',
      error: { kind: 'transport', details: { notSent: false } },
    });
    expect(out.outcome === 'unknown' ? out.httpStatus : 'x').toBeUndefined();
    expect(h.stub.requests).toHaveLength(1);
    expect(h.stub.requests[0]!.body).toContain('"to_address":"TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL"');
  });

  it('a timeout is unknown and not retried', async () => {
    h.stub.reply({ action: 'hang' });
    // Long enough that a loaded machine still delivers the request before the timeout fires.
    const out = await h.client({ timeoutMs: 1000 }).createInvoice({ order_id: 'A-1', amount: '10' });
    expect(out).toMatchObject({
      outcome: 'unknown',
      error: { kind: 'transport', details: { cause: 'timeout' } },
    });
    expect(h.stub.requests).toHaveLength(1);
  });

  it('a 200 that is not JSON is unknown', async () => {
    h.stub.reply({ status: 200, body: '{"status":"success","data":{"id":' });
    const a = await h.client().createInvoice({ order_id: 'A-1', amount: '10' });
    expect(a).toMatchObject({ outcome: 'unknown', httpStatus: 200, error: { kind: 'not-json' } });
    h.stub.reply({ status: 200, body: '<html>ok</html>' });
    const b = await h.client().createWithdrawal(withdrawal);
    expect(b).toMatchObject({ outcome: 'unknown', httpStatus: 200, error: { kind: 'not-json' } });
  });

  it('a withdrawal 200 without the {status, data} envelope is accepted, with the gap flagged', async () => {
    h.stub.reply({ status: 200, body: { withdrawal_id: 'w-77', status: 'pending' } });
    const out = await h.client().createWithdrawal(withdrawal);
    expect(out).toMatchObject({
      outcome: 'accepted',
      httpStatus: 200,
      data: { withdrawal_id: 'w-77', status: 'pending' },
      raw: { withdrawal_id: 'w-77', status: 'pending' },
      warnings: [expect.stringMatching(/no \{status, data\} envelope/)],
    });
  });

  it('a withdrawal 200 without a withdrawal_id is accepted, flagged, with the raw answer kept', async () => {
    h.stub.reply(ok({ status: 'pending', amounts: { requested: '25' } }));
    const out = await h.client().createWithdrawal(withdrawal);
    expect(out).toMatchObject({
      outcome: 'accepted',
      data: { status: 'pending' },
      raw: { status: 'pending', amounts: { requested: '25' } },
      warnings: [expect.stringMatching(/^no withdrawal id: match it by its webhook/)],
    });
    expect(out.outcome === 'accepted' && out.data.withdrawal_id).toBeUndefined();
    h.stub.reply(ok({ withdrawal_id: { nested: true }, status: 7 }));
    const odd = await h.client().createWithdrawal(withdrawal);
    expect(odd).toMatchObject({
      outcome: 'accepted',
      data: {},
      raw: { withdrawal_id: { nested: true }, status: 7 },
    });
    expect(odd.outcome === 'accepted' && odd.warnings).toEqual([
      expect.stringMatching(/^no withdrawal id/),
      expect.stringMatching(/^status could not be read/),
    ]);
  });

  it('a 2xx whose body says status "error" stays unknown: it contradicts itself', async () => {
    h.stub.reply({ status: 200, body: { status: 'error', message: 'nope' } });
    const out = await h.client().createWithdrawal(withdrawal);
    expect(out).toMatchObject({ outcome: 'unknown', error: { kind: 'schema' } });
  });

  it('a refused connection sent nothing: rejected, kind transport, notSent', async () => {
    const port = await refusedPort();
    const client = withWrites(
      createApiClient({ baseUrl: `http://127.0.0.1:${port}`, merchantId: MERCHANT, apiKey: KEY }),
    );
    const out = await client.createWithdrawal(withdrawal);
    expect(out).toMatchObject({
      outcome: 'rejected',
      error: { kind: 'transport', details: { notSent: true, code: 'ECONNREFUSED' } },
    });
  });

  it('a signal aborted between prepare and send sends nothing and is rejected', async () => {
    const client = h.client();
    const prepared = await client.prepare({
      operation: 'createInvoice',
      body: { order_id: 'A-1', amount: '10' },
    });
    const ctl = new AbortController();
    ctl.abort();
    const out = await client.send(prepared, { signal: ctl.signal });
    expect(out.outcome).toBe('rejected');
    expect(h.stub.requests).toHaveLength(0);
  });

  it('does not follow redirects on a write', async () => {
    h.stub.reply({ status: 307, headers: { Location: '/v1/elsewhere' } });
    const out = await h.client().createWithdrawal(withdrawal);
    expect(out.outcome).toBe('unknown');
    expect(h.stub.requests).toHaveLength(1);
  });
});

describe('API client: read retries', () => {
  it('429 with retry_after waits, then retries with a fresh Timestamp and Sign', async () => {
    let t = 1_763_766_180_000;
    h.stub.reply(
      { status: 429, body: { status: 'error', message: 'Slow down', retry_after: 2 } },
      ok({ b: 1 }),
    );
    const client = h.client({
      now: () => t,
      sleep: async (ms) => {
        h.sleeps.push(ms);
        t += ms;
      },
    });
    expect(await client.getMerchantBalances()).toEqual({ b: 1 });
    expect(h.sleeps).toEqual([2000]);
    const [first, second] = h.stub.requests;
    expect(second!.headers.timestamp).toBe(String(Number(first!.headers.timestamp) + 2));
    expect(second!.headers.sign).not.toBe(first!.headers.sign);
    expect(second!.headers.sign).toBe(signTimestamped('', String(second!.headers.timestamp), KEY));
  });

  it('429 with a Retry-After header is honoured', async () => {
    h.stub.reply(
      {
        status: 429,
        headers: { 'Retry-After': '3' },
        body: { status: 'error', message: 'Too Many Requests' },
      },
      ok([]),
    );
    await expect(h.client().getCoinRates()).resolves.toEqual([]);
    expect(h.sleeps).toEqual([3000]);
    expect(h.stub.requests).toHaveLength(2);
  });

  it('gives up at once when the server asks for a wait beyond maxDelayMs', async () => {
    h.stub.reply({ status: 429, body: { status: 'error', message: 'x', retry_after: 600 } });
    await expect(h.client().getCoinRates()).rejects.toMatchObject({
      kind: 'throttle',
      retryAfterSeconds: 600,
    });
    expect(h.stub.requests).toHaveLength(1);
  });

  it('5xx and dropped connections back off exponentially, bounded by attempts', async () => {
    h.stub.reply(
      { status: 503, body: 'busy' },
      { action: 'destroy' },
      { status: 500, body: { status: 'error', message: 'boom' } },
    );
    await expect(h.client({ retry: { attempts: 3, baseDelayMs: 100 } }).getCoinRates()).rejects.toMatchObject(
      {
        kind: 'controller',
        httpStatus: 500,
      },
    );
    expect(h.sleeps).toEqual([100, 200]);
    expect(h.stub.requests).toHaveLength(3);
  });

  it('recovers from a timeout on a read', async () => {
    h.stub.reply({ action: 'hang' }, ok(rates));
    const got = await h.client({ timeoutMs: 150 }).getCoinRates();
    expect(got[1]!.coin.symbol).toBe('usdt');
    expect(h.stub.requests).toHaveLength(2);
  });

  it('4xx other than 429 is not retried', async () => {
    h.stub.reply({ status: 401, body: { error: 'Timestamp expired' } });
    await expect(h.client().getMerchantFees()).rejects.toMatchObject({
      kind: 'auth',
      message: expect.stringMatching(/clock/),
    });
    expect(h.stub.requests).toHaveLength(1);
  });

  it('writes return the created invoice subset on 200', async () => {
    h.stub.reply(ok({ ...invoiceCreated, extra_field: 'kept' }));
    const out = await h.client().createInvoice({ order_id: 'A-1', amount: '10' });
    expect(out).toMatchObject({
      outcome: 'accepted',
      httpStatus: 200,
      data: { code: 'abc', extra_field: 'kept' },
      warnings: [],
    });
  });
});
