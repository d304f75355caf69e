import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RequestOf } from '@contract';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';

// The control token is made inside main and handed only to the sandbox; capture it here so the test
// can prove no answer ever carries it.
const seen = vi.hoisted(() => ({ tokens: [] as string[] }));
vi.mock('@main/sandbox', async (importOriginal) => {
  const original = await importOriginal<typeof import('@main/sandbox')>();
  return {
    ...original,
    startSandbox: (options: Parameters<typeof original.startSandbox>[0]) => {
      if (options?.controlToken) seen.tokens.push(options.controlToken);
      return original.startSandbox(options);
    },
  };
});

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
let app: AppHarness;

beforeAll(async () => {
  app = await startAppHarness();
  // The catalog gives the networks' display names the answers use.
  await app.services.activeScope().rates.pollOnce();
});
afterAll(async () => {
  await app.dispose();
});

const act = (action: RequestOf<'sandbox:act'>) => app.ok('sandbox:act', action);

async function newInvoice(orderId: string): Promise<string> {
  const created = await app.ok('invoices:create', {
    order_id: orderId,
    amount: '25.00',
    coin: 'usdt',
    network: 'tron',
  });
  expect(created.outcome).toBe('accepted');
  return String((created.data as { code: string }).code);
}

async function newWithdrawal(amount: string) {
  const sent = await app.ok('withdrawals:create', {
    coin: 'usdt',
    network: 'tron',
    amount,
    to_address: ADDRESS,
  });
  expect(sent.outcome).toBe('accepted');
  return { journalId: sent.journalId, id: String((sent.data as { withdrawal_id: string }).withdrawal_id) };
}

const entry = async (id: string) =>
  (await app.ok('journal:list', { limit: 100 })).entries.find((e) => e.id === id);

describe('sandbox:act on the Sandbox profile', () => {
  it('pays an invoice in full and says so with the amount', async () => {
    const code = await newInvoice('SBX-FULL');
    const result = await act({ action: 'pay-invoice', code });
    expect(result.message).toBe(
      `Invoice ${code} paid in full: 25.00 USD (${String(app.sandbox.control.invoice(code).payed_crypto)} USDT · TRON (TRC-20)).`,
    );
    expect(app.sandbox.control.invoice(code).status).toBe('paid');
  });

  it('pays part of an invoice and calls it partial, never paid', async () => {
    const code = await newInvoice('SBX-PART');
    const result = await act({ action: 'pay-invoice', code, amount: '5' });
    expect(result.message).toMatch(
      new RegExp(`^Invoice ${code} received 5 USDT · TRON \\(TRC-20\\): now partial`),
    );
    expect(app.sandbox.control.invoice(code).status).toBe('partial');
  });

  it('expires and AML-rejects invoices', async () => {
    const expired = await newInvoice('SBX-EXP');
    expect((await act({ action: 'expire-invoice', code: expired })).message).toBe(
      `Invoice ${expired} expired: it can no longer be paid.`,
    );
    expect(app.sandbox.control.invoice(expired).status).toBe('expired');
    const rejected = await newInvoice('SBX-AML');
    expect((await act({ action: 'aml-reject-invoice', code: rejected })).message).toMatch(
      /rejected by the AML/,
    );
    expect(app.sandbox.control.invoice(rejected).status).toBe('aml_rejected');
  });

  it('an unknown invoice code is refused in the sandbox’s words, nothing changes', async () => {
    const result = await app.call('sandbox:act', { action: 'pay-invoice', code: 'NOPE-404' });
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'request', httpStatus: 404, message: /NOPE-404/ },
    });
  });

  it('completes a withdrawal and its webhook settles the journal entry before the answer', async () => {
    const w = await newWithdrawal('10');
    const result = await act({ action: 'complete-withdrawal', withdrawalId: w.id });
    expect(result.message).toMatch(
      new RegExp(`^Withdrawal ${w.id} completed: .* USDT · TRON \\(TRC-20\\) sent\\.$`),
    );
    expect((await entry(w.journalId))?.settlement).toBe('completed');
  });

  it('fails a withdrawal with a reason, and its journal entry follows', async () => {
    const w = await newWithdrawal('11');
    const result = await act({ action: 'fail-withdrawal', withdrawalId: w.id, reason: 'address blocked' });
    expect(result.message).toBe(
      `Withdrawal ${w.id} failed: address blocked. The amount returns to the balance.`,
    );
    expect((await entry(w.journalId))?.settlement).toBe('failed');
  });

  it('adds play money that the balances then show', async () => {
    const before = (await app.ok('balances:get')).rows.find(
      (b) => b.coin === 'btc' && b.network === 'bitcoin',
    );
    const result = await act({ action: 'add-play-money', coin: 'BTC', network: 'bitcoin', amount: '0.5' });
    expect(result.message).toBe('Added 0.5 BTC · Bitcoin of play money to the balance.');
    const after = (await app.ok('balances:get')).rows.find(
      (b) => b.coin === 'btc' && b.network === 'bitcoin',
    );
    expect(Number(after?.available) - Number(before?.available ?? 0)).toBeCloseTo(0.5);
  });

  it('queues faults, lists them in the status, the next request uses one up, then clears them', async () => {
    const queued = await act({
      action: 'inject-fault',
      operation: 'getMerchantFees',
      fault: 'error500',
      count: 1,
    });
    expect(queued.message).toBe(
      'The next request to getMerchantFees will fail: the service answers 500 (server error).',
    );
    expect(queued.status.faults).toEqual([{ operation: 'getMerchantFees', fault: 'error500', remaining: 1 }]);
    // Reads retry on their own, so the 500 is seen only as the fault being used up by the next request.
    await app.call('fees:get');
    expect((await app.ok('sandbox:status')).faults).toEqual([]);

    const throttled = await act({
      action: 'inject-fault',
      operation: 'createWithdrawal',
      fault: 'throttle',
      retryAfterSeconds: 30,
      count: 2,
    });
    expect(throttled.message).toMatch(/next 2 requests to createWithdrawal .*429.*30 s/);
    const slow = await act({
      action: 'inject-fault',
      operation: 'getCoinRates',
      fault: 'latency',
      delayMs: 1500,
    });
    expect(slow.status.faults).toContainEqual({
      operation: 'getCoinRates',
      fault: 'latency',
      delayMs: 1500,
      remaining: 1,
    });
    expect(slow.status.faults).toContainEqual({
      operation: 'createWithdrawal',
      fault: 'throttle',
      retryAfterSeconds: 30,
      remaining: 2,
    });
    expect((await act({ action: 'clear-faults' })).status.faults).toEqual([]);
  });

  it('advances the sandbox clock by minutes and reports the new time', async () => {
    const before = Date.parse((await app.ok('sandbox:status')).clock);
    const result = await act({ action: 'advance-clock', amount: 5, unit: 'minutes' });
    expect(Date.parse(result.status.clock) - before).toBe(5 * 60_000);
    expect(result.message).toMatch(/^Sandbox clock moved 5 minutes ahead: it is now \d{4}-/);
  });

  it('sends a test webhook that reaches the app, and switches duplicate delivery on and off', async () => {
    const before = (await app.ok('webhooks:list')).deliveries.length;
    expect((await act({ action: 'send-test-webhook' })).message).toMatch(/^Test webhook sent \(1 delivery\)/);
    expect((await app.ok('webhooks:list')).deliveries.length).toBe(before + 1);

    const on = await act({ action: 'duplicate-webhooks', enabled: true });
    expect(on.status.duplicateWebhooks).toBe(true);
    expect((await act({ action: 'send-test-webhook' })).message).toMatch(/\(2 deliveries\)/);
    const off = await act({ action: 'duplicate-webhooks', enabled: false });
    expect(off.status.duplicateWebhooks).toBe(false);
  });

  it('refuses bad input at the boundary, naming the field', async () => {
    const result = await app.call('sandbox:act', {
      action: 'add-play-money',
      coin: 'usdt',
      network: 'tron',
      amount: '-3',
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    const zero = await app.call('sandbox:act', { action: 'advance-clock', amount: 0, unit: 'seconds' });
    expect(zero).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
  });
});

describe('sandbox channels outside the Sandbox profile', () => {
  it('refuses every sandbox channel while another profile is active, and changes nothing', async () => {
    app.sandbox.control.addMerchant({ id: 'acme', apiKey: 'acme-key-0123456789', allowWithdrawals: true });
    const acme = await app.ok('profiles:create', {
      name: 'Acme',
      environment: 'sandbox',
      baseUrl: app.sandbox.url,
      merchantId: 'acme',
    });
    await app.ok('profiles:activate', { id: acme.id });
    try {
      const faultsBefore = app.sandbox.control.faults().length;
      for (const request of [
        ['sandbox:status', undefined],
        ['sandbox:act', { action: 'add-play-money', coin: 'usdt', network: 'tron', amount: '100' }],
        ['sandbox:act', { action: 'inject-fault', operation: 'createInvoice', fault: 'error500' }],
      ] as const) {
        const result = await app.call(request[0], request[1] as never);
        expect(result).toMatchObject({ ok: false, error: { kind: 'sandbox-only' } });
      }
      expect(app.sandbox.control.faults().length).toBe(faultsBefore);
      expect(app.sandbox.control.merchant('acme').balances).toEqual({});
    } finally {
      await app.ok('profiles:activate', { id: 'sandbox' });
    }
    expect((await app.ok('sandbox:status')).faults).toEqual([]);
  });

  it('no answer from any channel ever carried the control token', () => {
    expect(seen.tokens).toHaveLength(1);
    const token = seen.tokens[0]!;
    expect(token.length).toBeGreaterThan(20);
    expect(app.responses.length).toBeGreaterThan(20);
    for (const response of app.responses) expect(JSON.stringify(response)).not.toContain(token);
    for (const event of app.events) expect(JSON.stringify(event)).not.toContain(token);
  });
});
