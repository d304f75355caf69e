import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@main/api/client';
import { withWrites, type TestClient } from '@test/helpers/with-writes';
import { ApiError } from '@main/api/errors';
import type { RunningSandbox } from '@main/sandbox/index';
import { ALICE, startTestSandbox, TRON_ADDRESS } from '@test/helpers/sandbox-request';

let sb: RunningSandbox;
let client: TestClient;
const makeClient = (overrides: Partial<Parameters<typeof createApiClient>[0]> = {}): TestClient =>
  withWrites(
    createApiClient({
      baseUrl: sb.url,
      merchantId: ALICE.id,
      apiKey: ALICE.apiKey,
      // The client signs with the sandbox clock so the 300 s window holds on a frozen test clock.
      now: () => sb.clock.now(),
      timeoutMs: 5_000,
      retry: { attempts: 1 },
      ...overrides,
    }),
  );
beforeEach(async () => {
  sb = await startTestSandbox();
  client = makeClient();
});
afterEach(() => sb.close());

async function readError(
  promise: Promise<unknown>,
): Promise<{ kind: string; httpStatus?: number; serverMessage?: string }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}

describe('the API client against the sandbox', () => {
  it('runs an invoice lifecycle: create, look up, pay, paid', async () => {
    const created = await client.createInvoice({ order_id: 'ct-1', amount: '25.00' });
    expect(created.outcome).toBe('accepted');
    if (created.outcome !== 'accepted') return;
    const code = created.data.code ?? '';
    expect(created.warnings).toEqual([]);
    expect((await client.getInvoice(code)).invoice.status).toBe('new');
    sb.control.payInvoice(code, { coin: 'usdt', network: 'tron' });
    const after = await client.getInvoice(code);
    expect(after.invoice.status).toBe('paid');
    const duplicate = await client.createInvoice({ order_id: 'ct-1', amount: '25.00' });
    expect(duplicate).toMatchObject({ outcome: 'rejected', httpStatus: 409 });
  });

  it('a withdrawal whose connection drops after commit is unknown to the client but performed', async () => {
    sb.control.injectFault('createWithdrawal', { kind: 'drop-after' });
    const result = await client.createWithdrawal({
      coin: 'usdt',
      network: 'tron',
      amount: '10',
      to_address: TRON_ADDRESS,
    });
    expect(result.outcome).toBe('unknown');
    const performed = sb.control.withdrawals(ALICE.id);
    expect(performed).toHaveLength(1);
    expect(performed[0]).toMatchObject({ amounts: { requested: '10' }, to_address: TRON_ADDRESS });
  });

  it('a withdrawal dropped before the write is also unknown to the client, and was not performed', async () => {
    sb.control.injectFault('createWithdrawal', { kind: 'drop-before' });
    const result = await client.createWithdrawal({
      coin: 'usdt',
      network: 'tron',
      amount: '10',
      to_address: TRON_ADDRESS,
    });
    expect(result.outcome).toBe('unknown');
    expect(sb.control.withdrawals(ALICE.id)).toEqual([]);
  });

  it('an accepted withdrawal is ok with its id, status and amounts', async () => {
    const result = await client.createWithdrawal({
      coin: 'usdt',
      network: 'tron',
      amount: '10',
      to_address: TRON_ADDRESS,
    });
    expect(result).toMatchObject({
      outcome: 'accepted',
      data: { status: 'pending', withdrawal_id: expect.any(String) },
    });
  });

  it('auth failures surface as auth errors with the service words', async () => {
    const wrongKey = makeClient({ apiKey: 'wrong-key' });
    expect(await readError(wrongKey.getMerchantBalances())).toMatchObject({
      kind: 'auth',
      httpStatus: 401,
      serverMessage: 'Invalid sign',
    });
    const unknown = makeClient({ merchantId: 'nobody' });
    expect(await readError(unknown.getMerchantFees())).toMatchObject({
      kind: 'auth',
      httpStatus: 401,
      serverMessage: 'Invalid merchant',
    });
    const skewed = makeClient({ now: () => sb.clock.now() - 400_000 });
    expect(await readError(skewed.getMerchantBalances())).toMatchObject({
      kind: 'auth',
      serverMessage: 'Timestamp expired',
    });
    sb.control.suspendMerchant(ALICE.id, true);
    const write = await client.createInvoice({ order_id: 'susp', amount: '10' });
    expect(write).toMatchObject({
      outcome: 'rejected',
      httpStatus: 403,
      error: { kind: 'auth', serverMessage: 'Merchant account is suspended' },
    });
  });

  it('validation, controller and throttle errors keep their shapes', async () => {
    sb.control.setWithdrawalPermission(ALICE.id, false);
    const denied = await client.createWithdrawal({
      coin: 'usdt',
      network: 'tron',
      amount: '10',
      to_address: TRON_ADDRESS,
    });
    expect(denied).toMatchObject({ outcome: 'rejected', httpStatus: 400, error: { kind: 'controller' } });
    const invalid = await client.createWalletAddress({ coin: 'usdt', network: 'bitcoin' });
    expect(invalid).toMatchObject({ outcome: 'rejected', httpStatus: 422, error: { kind: 'validation' } });
    sb.control.injectFault('getCoinRates', { kind: 'throttle', retryAfter: 3 });
    expect(await readError(client.getCoinRates())).toMatchObject({ kind: 'throttle', httpStatus: 429 });
  });

  it('reads rates, catalog, balances, fees and a wallet QR through the client', async () => {
    expect((await client.getCoinRates()).some((e) => e.coin.symbol === 'usd')).toBe(true);
    expect(await client.getCoinCatalog()).toBeDefined();
    expect(await client.getMerchantBalances()).toBeDefined();
    expect(await client.getMerchantFees()).toBeDefined();
    const wallet = await client.createWalletAddress({ coin: 'usdt', network: 'tron' });
    expect(wallet.outcome).toBe('accepted');
    if (wallet.outcome !== 'accepted') return;
    const id = String((wallet.data as { id: string }).id);
    const qr = await client.getWalletQrCode(id);
    expect(qr).toBeDefined();
  });
});
