import { describe, expect, it } from 'vitest';
import { ALICE, createTestInvoice, publicRequest, signedRequest } from '@test/helpers/sandbox-request';
import { useTestSandbox } from '@test/helpers/sandbox-fixture';

const sb = useTestSandbox('test');

type Inv = Record<string, unknown> & {
  status: string;
  payed_crypto: string;
  payer_amount_crypto: string;
  transaction_list: string[];
};
async function getInvoice(code: string): Promise<Inv> {
  const res = await publicRequest(sb, 'GET', `/v1/invoices/${code}`);
  expect(res.status).toBe(200);
  return (res.json as { data: { invoice: Inv } }).data.invoice;
}

const INVOICE_FIELDS = [
  'id',
  'code',
  'url',
  'order_id',
  'merchant_name',
  'amount_usd',
  'payed_usd',
  'payer_amount_usd',
  'full_amount_usd',
  'amount_crypto',
  'payed_crypto',
  'fee_crypto',
  'network_fee_crypto',
  'payer_amount_crypto',
  'amount_crypto_units',
  'payed_crypto_units',
  'fee_crypto_units',
  'network_fee_crypto_units',
  'payer_amount_crypto_units',
  'is_customer_fee',
  'is_customer_network_fee',
  'allow_card_payments',
  'full_crypto_amount',
  'wallet_address',
  'qr_code_url',
  'coin',
  'network',
  'status',
  'return_url',
  'success_url',
  'cancel_url',
  'transaction_list',
  'allowed_coins',
  'allowed_networks',
  'provider_card',
  'created_at',
  'expired_at',
  'finished_at',
];

describe('createInvoice', () => {
  it('returns exactly the creation subset', async () => {
    const res = await signedRequest(sb, 'POST', '/v1/invoices', { order_id: 'o-1', amount: '25.50' });
    expect(res.status).toBe(200);
    const data = (res.json as { status: string; data: Record<string, unknown> }).data;
    expect(Object.keys(data).sort()).toEqual([
      'amount',
      'code',
      'created_at',
      'expired_at',
      'id',
      'order_id',
      'payer_amount',
      'url',
    ]);
    expect(data.amount).toBe('25.50');
    expect(Date.parse(String(data.expired_at)) - Date.parse(String(data.created_at))).toBe(24 * 3600 * 1000);
  });

  it.each([
    [{ amount: '10' }, 'order_id'],
    [{ order_id: '', amount: '10' }, 'order_id'],
    [{ order_id: 'x' }, 'amount'],
    [{ order_id: 'x', amount: '2.99' }, 'amount'],
    [{ order_id: 'x', amount: '-5' }, 'amount'],
    [{ order_id: 'x', amount: '1e3' }, 'amount'],
    [{ order_id: 'x', amount: '10', coin: 'usdt' }, 'network'],
    [{ order_id: 'x', amount: '10', network: 'tron' }, 'coin'],
    [{ order_id: 'x', amount: '10', coin: 'usdt', network: 'bitcoin' }, 'network'],
    [{ order_id: 'x', amount: '10', coin: 'usdc', network: 'bsc' }, 'network'],
    [{ order_id: 'x', amount: '10', allowed_coins: ['usdt:tron'] }, 'allowed_coins.0'],
    [{ order_id: 'x', amount: '10', allowed_coins: ['tron'] }, 'allowed_coins.0'],
    [{ order_id: 'x', amount: '10', success_url: 'not a url' }, 'success_url'],
  ])('rejects %j with a 422 error on %s', async (body, field) => {
    const res = await signedRequest(sb, 'POST', '/v1/invoices', body);
    expect(res.status).toBe(422);
    expect((res.json as { errors: Record<string, string[]> }).errors[field]).toEqual([expect.any(String)]);
  });

  it('accepts exactly 3 and normalises an empty allowed_coins to null (all coins)', async () => {
    const code = await createTestInvoice(sb, { order_id: 'min', amount: '3', allowed_coins: [] });
    const inv = await getInvoice(code);
    expect((inv.allowed_coins as unknown[]).length).toBeGreaterThan(3);
    const only = await getInvoice(
      await createTestInvoice(sb, { order_id: 'only', amount: '3', allowed_coins: ['btc'] }),
    );
    expect(only.allowed_coins).toEqual([{ coin: 'btc', name: 'Bitcoin' }]);
  });

  it('409 ControllerError on a duplicate order_id, without replaying the original', async () => {
    await createTestInvoice(sb, { order_id: 'dup', amount: '10' });
    const again = await signedRequest(sb, 'POST', '/v1/invoices', { order_id: 'dup', amount: '10' });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ status: 'error', message: expect.any(String) });
  });
});

describe('getInvoice and the lifecycle', () => {
  it('carries every field of the Invoice table plus network_fees', async () => {
    const code = await createTestInvoice(sb, { order_id: 'f', amount: '10' });
    const res = await publicRequest(sb, 'GET', `/v1/invoices/${code}`);
    const data = (res.json as { data: { invoice: Record<string, unknown>; network_fees: unknown[] } }).data;
    expect(Object.keys(data.invoice).sort()).toEqual([...INVOICE_FIELDS].sort());
    expect(Array.isArray(data.network_fees)).toBe(true);
    expect(data.invoice).toMatchObject({
      status: 'new',
      coin: null,
      network: null,
      wallet_address: null,
      qr_code_url: null,
      finished_at: null,
    });
  });

  it('new → waiting → partial → paid, crediting the merchant net of fees', async () => {
    const code = await createTestInvoice(sb, { order_id: 'life', amount: '100', is_customer_fee: true });
    sb.control.selectInvoiceCoin(code, 'usdt', 'polygon');
    let inv = await getInvoice(code);
    expect(inv).toMatchObject({
      status: 'waiting',
      coin: 'usdt',
      network: 'polygon',
      amount_crypto: '100',
      fee_crypto: '1',
    });
    expect(inv.payer_amount_crypto).toBe('101');
    expect(String(inv.qr_code_url)).toMatch(/\/v1\/wallet-addresses\/[^/]+\/qr$/);
    sb.control.payInvoice(code, { amount: '40' });
    inv = await getInvoice(code);
    expect(inv).toMatchObject({ status: 'partial', payed_crypto: '40', payed_usd: '40.00' });
    expect(inv.transaction_list).toHaveLength(1);
    sb.control.payInvoice(code, { amount: '61', txHash: '0xabc' });
    inv = await getInvoice(code);
    expect(inv).toMatchObject({ status: 'paid', payed_crypto: '101', payed_crypto_units: '101000000' });
    expect(inv.transaction_list).toEqual([expect.any(String), '0xabc']);
    expect(inv.finished_at).not.toBeNull();
    // 101 received - 1 fee - 0.2 network fee.
    expect(
      (sb.control.merchant(ALICE.id).balances as Record<string, { balance: string }>)['usdt:polygon']
        ?.balance,
    ).toBe('99.8');
  });

  it('asks the customer for the invoice amount in USD unless they carry a fee (crypto rounding never shows 24.99 for 25.00)', async () => {
    const res = await signedRequest(sb, 'POST', '/v1/invoices', {
      order_id: 'round',
      amount: '25.00',
      coin: 'btc',
      network: 'bitcoin',
    });
    expect((res.json as { data: { payer_amount: string } }).data.payer_amount).toBe('25.00');
    const plain = await getInvoice((res.json as { data: { code: string } }).data.code);
    expect(plain).toMatchObject({ payer_amount_usd: '25.00' });
    expect(Number(plain.full_amount_usd)).toBeGreaterThan(25);

    const withFee = await getInvoice(
      await createTestInvoice(sb, {
        order_id: 'round-fee',
        amount: '25.00',
        coin: 'btc',
        network: 'bitcoin',
        is_customer_fee: true,
      }),
    );
    expect(Number(withFee.payer_amount_usd)).toBeGreaterThan(25);
    expect(Number(withFee.payer_amount_usd)).toBeLessThan(Number(withFee.full_amount_usd));
  });

  it('a merchant-fixed pair makes the invoice wait for payment at once', async () => {
    const code = await createTestInvoice(sb, {
      order_id: 'fixed',
      amount: '10',
      coin: 'btc',
      network: 'bitcoin',
    });
    const inv = await getInvoice(code);
    expect(inv).toMatchObject({ status: 'waiting', coin: 'btc', network: 'bitcoin' });
    expect(String(inv.wallet_address)).toMatch(/^bc1q/);
  });

  it('expires after 24 hours of sandbox clock', async () => {
    const code = await createTestInvoice(sb, { order_id: 'exp', amount: '10' });
    sb.control.advanceClock(24 * 3600 * 1000 - 1000);
    expect((await getInvoice(code)).status).toBe('new');
    sb.control.advanceClock(1000);
    expect((await getInvoice(code)).status).toBe('expired');
    expect(() => sb.control.payInvoice(code, { coin: 'usdt', network: 'tron' })).toThrow(/expired/);
  });

  it('AML rejection is terminal and never credited', async () => {
    const code = await createTestInvoice(sb, { order_id: 'aml', amount: '10', coin: 'usdt', network: 'eth' });
    sb.control.payInvoice(code, { amount: '5' });
    sb.control.amlRejectInvoice(code);
    expect((await getInvoice(code)).status).toBe('aml_rejected');
    expect((sb.control.merchant(ALICE.id).balances as Record<string, unknown>)['usdt:eth']).toBeUndefined();
  });
});

describe('createProviderCardOrder', () => {
  const order = (code: string, body?: unknown) =>
    publicRequest(sb, 'POST', `/v1/invoices/${code}/provider-card-orders`, body);

  it('creates an order, then reuses the active one', async () => {
    const code = await createTestInvoice(sb, {
      order_id: 'card',
      amount: '15.00',
      allow_card_payments: true,
    });
    const first = await order(code, { email: 'payer@example.com' });
    expect(first.status).toBe(200);
    const data = (first.json as { data: Record<string, unknown> }).data;
    expect(data).toMatchObject({
      provider: expect.any(String),
      local_status: 'created',
      expires_at: expect.any(String),
      id: expect.any(String),
    });
    const second = await order(code);
    expect((second.json as { data: { id: string } }).data.id).toBe(data.id);
  });

  it.each([
    [{ order_id: 'c1', amount: '50' }, 'card_payments_disabled'],
    [{ order_id: 'c2', amount: '14.99', allow_card_payments: true }, 'amount_below_minimum'],
  ])('422 with failure_code for %j', async (body, failureCode) => {
    const res = await order(await createTestInvoice(sb, body));
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ status: 'error', message: expect.any(String), failure_code: failureCode });
  });

  it('uses the remaining amount after a partial payment', async () => {
    const code = await createTestInvoice(sb, {
      order_id: 'rem',
      amount: '20',
      allow_card_payments: true,
      coin: 'usdt',
      network: 'tron',
    });
    sb.control.payInvoice(code, { amount: '10' });
    expect(((await order(code)).json as { failure_code: string }).failure_code).toBe('amount_below_minimum');
  });

  it('422 validation for a bad email, 502 when the provider fails, provider_unavailable when switched off', async () => {
    const code = await createTestInvoice(sb, { order_id: 'mail', amount: '30', allow_card_payments: true });
    const bad = await order(code, { email: 'not-an-email' });
    expect(bad.status).toBe(422);
    expect((bad.json as { errors: Record<string, unknown> }).errors.email).toBeDefined();
    sb.control.injectFault('createProviderCardOrder', { kind: 'provider-fail' });
    const failed = await order(code);
    expect(failed.status).toBe(502);
    expect(failed.json).toMatchObject({ status: 'error', failure_code: 'provider_error' });
    sb.control.setCardProviderAvailable(false);
    expect(((await order(code)).json as { failure_code: string }).failure_code).toBe('provider_unavailable');
  });

  it('a paid card order settles the invoice', async () => {
    const code = await createTestInvoice(sb, {
      order_id: 'cardpaid',
      amount: '40',
      allow_card_payments: true,
    });
    const id = ((await order(code)).json as { data: { id: string } }).data.id;
    sb.control.setCardOrderStatus(id, 'paid');
    expect((await getInvoice(code)).status).toBe('paid');
  });
});
