import { describe, expect, it } from 'vitest';
import {
  ALICE,
  controlRequest,
  publicRequest,
  signedRequest,
  startTestSandbox,
  TRON_ADDRESS,
} from '@test/helpers/sandbox-request';
import { useTestSandbox } from '@test/helpers/sandbox-fixture';
import { FAULT_KINDS } from '@main/sandbox/faults';
import { FaultKind } from '@shared/domain/sandbox-controls';

const sb = useTestSandbox('test');

const withdraw = () =>
  signedRequest(sb, 'POST', '/v1/withdrawals', {
    network: 'tron',
    coin: 'usdt',
    amount: '10',
    to_address: TRON_ADDRESS,
  });

describe('fault injection', () => {
  it('500 for the next N requests of a route only', async () => {
    sb.control.injectFault('getCoinRates', { kind: 'error500' }, 2);
    expect((await publicRequest(sb, 'GET', '/v1/coins-and-fee')).status).toBe(200);
    const first = await publicRequest(sb, 'GET', '/v1/get-coin-rate');
    expect([first.status, first.json]).toEqual([500, { status: 'error', message: expect.any(String) }]);
    expect((await publicRequest(sb, 'GET', '/v1/get-coin-rate')).status).toBe(500);
    expect((await publicRequest(sb, 'GET', '/v1/get-coin-rate')).status).toBe(200);
  });

  it('429 with and without retry_after', async () => {
    sb.control.injectFault('getInvoice', { kind: 'throttle', retryAfter: 7 });
    sb.control.injectFault('getInvoice', { kind: 'throttle' });
    const withRetry = await publicRequest(sb, 'GET', '/v1/invoices/X');
    expect([withRetry.status, withRetry.json]).toEqual([
      429,
      { status: 'error', message: expect.any(String), retry_after: 7 },
    ]);
    expect(withRetry.headers.get('retry-after')).toBe('7');
    const without = await publicRequest(sb, 'GET', '/v1/invoices/X');
    expect([without.status, without.json]).toEqual([429, { status: 'error', message: expect.any(String) }]);
  });

  it('latency delays the answer', async () => {
    sb.control.injectFault('getCoinCatalog', { kind: 'latency', ms: 300 });
    const started = Date.now();
    expect((await publicRequest(sb, 'GET', '/v1/coins-and-fee')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
  });

  it('drop before the write: the connection fails and nothing happened', async () => {
    sb.control.injectFault('createWithdrawal', { kind: 'drop-before' });
    await expect(withdraw()).rejects.toThrow();
    expect(sb.control.withdrawals(ALICE.id)).toEqual([]);
  });

  it('drop after the commit: the client sees a dropped connection, the control API shows the withdrawal', async () => {
    sb.control.injectFault('createWithdrawal', { kind: 'drop-after' });
    await expect(withdraw()).rejects.toThrow();
    const performed = sb.control.withdrawals(ALICE.id);
    expect(performed).toHaveLength(1);
    expect(performed[0]).toMatchObject({ status: 'pending', amounts: { requested: '10' } });
  });

  it('502 with an HTML page: a gateway answered, nothing was performed', async () => {
    sb.control.injectFault('createWithdrawal', { kind: 'bad-gateway-html' });
    const res = await withdraw();
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.text).toMatch(/<h1>502 Bad Gateway<\/h1>/);
    expect(res.json).toBeUndefined();
    expect(sb.control.withdrawals(ALICE.id)).toEqual([]);
    expect((await withdraw()).status).toBe(200);
  });

  it('a 2xx that is not JSON comes after the commit: the withdrawal exists although the answer is unreadable', async () => {
    sb.control.injectFault('createWithdrawal', { kind: 'non-json-2xx' });
    const res = await withdraw();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(() => JSON.parse(res.text) as unknown).toThrow();
    expect(sb.control.withdrawals(ALICE.id)).toHaveLength(1);
    expect(sb.control.withdrawals(ALICE.id)[0]).toMatchObject({ status: 'pending' });
  });

  it('a 2xx that is not JSON on a read: the read itself is unchanged', async () => {
    sb.control.injectFault('getCoinRates', { kind: 'non-json-2xx' });
    const res = await publicRequest(sb, 'GET', '/v1/get-coin-rate');
    expect([res.status, res.json]).toEqual([200, undefined]);
    expect((await publicRequest(sb, 'GET', '/v1/get-coin-rate')).json).toMatchObject({ status: 'success' });
  });

  it('the control API accepts every fault kind the Sandbox screen offers, and only those', async () => {
    for (const kind of FAULT_KINDS) {
      const add = await controlRequest(sb, 'POST', '/faults', { route: 'getCoinRates', kind });
      expect([kind, add.status]).toEqual([kind, 200]);
    }
    expect(sb.control.faults().map((f) => f.kind)).toEqual([...FAULT_KINDS]);
    // The Sandbox screen's schema takes the new kinds too (it is where a person picks them).
    expect(['bad-gateway-html', 'non-json-2xx'].map((k) => FaultKind.safeParse(k).success)).toEqual([
      true,
      true,
    ]);
  });

  it('faults are injected and listed over the HTTP control API too', async () => {
    const add = await controlRequest(sb, 'POST', '/faults', {
      route: 'createWithdrawal',
      kind: 'drop-after',
      count: 1,
    });
    expect(add.status).toBe(200);
    expect(((await controlRequest(sb, 'GET', '/faults')).json as { data: unknown[] }).data).toHaveLength(1);
    await expect(withdraw()).rejects.toThrow();
    const listed = await controlRequest(sb, 'GET', `/withdrawals?merchant=${ALICE.id}`);
    expect((listed.json as { data: unknown[] }).data).toHaveLength(1);
    const bad = await controlRequest(sb, 'POST', '/faults', { route: 'x', kind: 'explode' });
    expect(bad.status).toBe(400);
  });
});

describe('control API over HTTP', () => {
  it('drives an invoice, the clock and merchant settings; unknown operations are 404', async () => {
    const created = await signedRequest(sb, 'POST', '/v1/invoices', { order_id: 'c1', amount: '10' });
    const code = (created.json as { data: { code: string } }).data.code;
    const paid = await controlRequest(sb, 'POST', `/invoices/${code}/pay`, { coin: 'usdt', network: 'tron' });
    expect((paid.json as { data: { status: string } }).data.status).toBe('paid');
    const again = await controlRequest(sb, 'POST', `/invoices/${code}/expire`);
    expect(again.status).toBe(409);
    const clock = await controlRequest(sb, 'POST', '/clock/advance', { ms: 1000 });
    expect((clock.json as { data: { ms: number } }).data.ms).toBe(sb.clock.now());
    await controlRequest(sb, 'POST', `/merchants/${ALICE.id}/suspend`);
    expect((await signedRequest(sb, 'GET', '/v1/merchants/fees')).status).toBe(403);
    await controlRequest(sb, 'POST', `/merchants/${ALICE.id}/unsuspend`);
    await controlRequest(sb, 'POST', `/merchants/${ALICE.id}/credit`, {
      coin: 'eth',
      network: 'arbitrum',
      amount: '2.5',
    });
    expect(
      (sb.control.merchant(ALICE.id).balances as Record<string, { balance: string }>)['eth:arbitrum']
        ?.balance,
    ).toBe('2.5');
    expect((await controlRequest(sb, 'POST', '/nothing')).status).toBe(404);
    await controlRequest(sb, 'POST', '/reset');
    expect((await publicRequest(sb, 'GET', `/v1/invoices/${code}`)).status).toBe(404);
  });

  it('requires X-Sandbox-Token when a control token is configured', async () => {
    const guarded = await startTestSandbox({ controlToken: 'tok' });
    try {
      expect((await controlRequest(guarded, 'GET', '/state')).status).toBe(401);
      expect(
        (await controlRequest(guarded, 'GET', '/state', undefined, { 'X-Sandbox-Token': 'tok' })).status,
      ).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});
