import { toErrorInfo } from '@shared/error-info';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@main/api/errors';
import { ok, type StubReply } from '@test/helpers/stub-server';
import { KEY, useStub } from './client-fixtures';

const h = useStub();

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

async function readError(
  reply: StubReply,
  call = () => h.client({ retry: { attempts: 1 } }).getMerchantFees(),
): Promise<ApiError> {
  h.stub.reply(reply);
  const error = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('API client: error shapes, branched on status first', () => {
  it.each([
    [400, 'Missing headers', /bug/],
    [401, 'Invalid merchant', /merchant ID/],
    [401, 'Timestamp expired', /clock/],
    [403, 'Merchant account is suspended', /Contact/],
  ])('%i AuthError "%s"', async (status, text, advice) => {
    const e = await readError({ status, body: { error: text } });
    expect(e).toMatchObject({ kind: 'auth', httpStatus: status, serverMessage: text });
    expect(e.message).toMatch(advice);
    // The reason travels as data, since the renderer words a stale clock or a suspension differently.
    expect(toErrorInfo(e).details).toEqual({ authError: text });
  });

  it('400 ControllerError keeps its extra fields and drops trace', async () => {
    const e = await readError({
      status: 400,
      body: {
        status: 'error',
        message: 'Insufficient balance',
        trace: ['secret/path.php:12'],
        fee: { network: '1.5', service: '0.2' },
      },
    });
    expect(e).toMatchObject({
      kind: 'controller',
      httpStatus: 400,
      serverMessage: 'Insufficient balance',
      details: { fee: { network: '1.5' } },
    });
    expect(JSON.stringify(e.toJSON())).not.toContain('path.php');
    expect(e.message).not.toContain('path.php');
  });

  it('422 ValidationError gives field → messages', async () => {
    const e = await readError({
      status: 422,
      body: { status: 'error', message: 'The given data was invalid.', errors: { amount: ['min 3'] } },
    });
    expect(e).toMatchObject({ kind: 'validation', fieldErrors: { amount: ['min 3'] } });
    expect(e.message).toContain('amount: min 3');
  });

  it('429 ControllerError-shaped and ThrottleError-shaped are both throttle', async () => {
    const a = await readError({ status: 429, body: { status: 'error', message: 'Too many' } });
    expect(a).toMatchObject({ kind: 'throttle', retryAfterSeconds: undefined });
    const b = await readError({
      status: 429,
      body: { status: 'error', message: 'Too many', retry_after: 0 },
    });
    expect(b).toMatchObject({ kind: 'throttle', retryAfterSeconds: 0 });
  });

  it('404 is not-found', async () => {
    const e = await readError({ status: 404, body: { status: 'error', message: 'Invoice not found' } }, () =>
      h.client().getInvoice('zzz'),
    );
    expect(e).toMatchObject({ kind: 'not-found', httpStatus: 404, serverMessage: 'Invoice not found' });
  });

  it('ProviderCardError on 422 and 502 keeps failure_code', async () => {
    h.stub.reply({
      status: 422,
      body: { status: 'error', message: 'Below card minimum', failure_code: 'amount_too_low' },
    });
    const a = await h.client().createProviderCardOrder({ invoiceCode: 'abc' });
    expect(a).toMatchObject({
      outcome: 'rejected',
      error: { kind: 'provider-card', failureCode: 'amount_too_low' },
    });
    expect(h.stub.requests[0]!.body).toBe('');
    h.stub.reply({
      status: 502,
      body: { status: 'error', message: 'Provider down', failure_code: 'provider_error' },
    });
    const b = await h.client().createProviderCardOrder({ invoiceCode: 'abc', email: null });
    expect(b).toMatchObject({
      outcome: 'unknown',
      httpStatus: 502,
      error: { kind: 'provider-card', failureCode: 'provider_error' },
    });
    expect(h.stub.requests[0]!.body).toBe('{"email":null}');
  });

  it('non-JSON body keeps status and a ≤200-char excerpt', async () => {
    const e = await readError({ status: 500, body: `<!doctype html><h1>Internal</h1>${'y'.repeat(400)}` });
    expect(e).toMatchObject({ kind: 'not-json', httpStatus: 500 });
    expect(String(e.details?.excerpt)).toMatch(/^<!doctype html><h1>Internal/);
    expect(String(e.details?.excerpt).length).toBeLessThanOrEqual(200);
  });

  it('JSON of an unknown error shape is still a controller error with its status', async () => {
    const e = await readError({ status: 418, body: ['odd'] });
    expect(e).toMatchObject({ kind: 'controller', httpStatus: 418, details: { body: ['odd'] } });
  });

  it('a schema mismatch names the path', async () => {
    h.stub.reply(
      ok([
        {
          coin: { symbol: 'btc', name: 'Bitcoin', type: 'crypto' },
          quotes: [{ currency_to: 'usd', price: 97000.5, type: 'fiat' }],
          networks: [],
        },
      ]),
    );
    const e = await caught(h.client().getCoinRates());
    expect(e).toMatchObject({
      kind: 'schema',
      httpStatus: 200,
      details: { path: 'data[0].quotes[0].price' },
    });
    expect(e.message).toContain('data[0].quotes[0].price');
  });

  it('a non-PNG answer to the QR operation is a schema error', async () => {
    h.stub.reply({ status: 200, headers: { 'Content-Type': 'text/html' }, body: '<html>' });
    await expect(h.client().getWalletQrCode('w1')).rejects.toMatchObject({ kind: 'schema' });
  });
});

describe('API client: the API key never leaks', () => {
  const echo = (status: number): StubReply => ({
    status,
    body: { status: 'error', message: `bad key ${KEY}`, [`k_${KEY}`]: KEY, nested: { list: [KEY] } },
  });

  it.each([400, 422, 429, 500])('not in message, details or toJSON of a %i echoing it', async (status) => {
    const fn = h.client({ apiKey: async () => KEY, retry: { attempts: 1 } });
    h.stub.reply(echo(status));
    const read = await caught(fn.getMerchantBalances());
    const write = await fn.createWithdrawal({
      coin: 'usdt',
      network: 'tron',
      amount: '1',
      to_address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
    });
    const texts = [read.message, JSON.stringify(read.toJSON()), JSON.stringify(write), String(read.stack)];
    for (const text of texts) expect(text).not.toContain(KEY);
    expect(read.message).toContain('[redacted]');
  });

  it('not in transport errors or request errors', async () => {
    h.stub.reply({ action: 'destroy' });
    const out = await h.client().createInvoice({ order_id: KEY, amount: '5' });
    expect(JSON.stringify(out.outcome === 'unknown' ? out.error : {})).not.toContain(KEY);
    const e = await caught(h.client({ merchantId: `${KEY} ` }).getMerchantFees());
    expect(JSON.stringify(e)).not.toContain(KEY);
  });
});
