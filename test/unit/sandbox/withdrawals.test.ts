import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyWebhook } from '@main/protocol/signing';
import type { RunningSandbox } from '@main/sandbox/index';
import { ALICE, signedRequest, startTestSandbox, TRON_ADDRESS } from '@test/helpers/sandbox-request';
import { startReceiver, type WebhookReceiver } from '@test/helpers/sandbox-receiver';

let sb: RunningSandbox;
let hooks: WebhookReceiver;
beforeEach(async () => {
  hooks = await startReceiver();
  sb = await startTestSandbox();
  sb.control.setCallbackUrl(ALICE.id, hooks.url);
});
afterEach(async () => {
  await sb.close();
  await hooks.close();
});

const body = (amount: string, extra: Record<string, string> = {}) => ({
  network: 'tron',
  coin: 'usdt',
  amount,
  to_address: TRON_ADDRESS,
  ...extra,
});
const submit = (b: unknown) => signedRequest(sb, 'POST', '/v1/withdrawals', b);
const tronBalance = () =>
  (sb.control.merchant(ALICE.id).balances as Record<string, { balance: string; frozen: string }>)[
    'usdt:tron'
  ];

describe('createWithdrawal', () => {
  it('accepts, freezes, then moves pending → processing → completed on the clock and debits', async () => {
    const res = await submit(body('100'));
    expect(res.status).toBe(200);
    const data = (res.json as { data: Record<string, unknown> }).data;
    expect(data).toMatchObject({
      withdrawal_id: expect.any(String),
      status: 'pending',
      amounts: { requested: '100', debit: '101.5', receive: '100' },
      fees: { network_fee: '1', service_fee: '0.5', total: '1.5', payer: 'merchant' },
    });
    expect(tronBalance()).toEqual({ balance: '1000', frozen: '101.5' });
    sb.control.advanceClock(5_000);
    expect(sb.control.withdrawals(ALICE.id)[0]?.status).toBe('processing');
    sb.control.advanceClock(30_000);
    expect(sb.control.withdrawals(ALICE.id)[0]?.status).toBe('completed');
    expect(tronBalance()).toEqual({ balance: '898.5', frozen: '0' });
    await sb.control.flushWebhooks();
    const events = hooks.received.map(
      (h) => JSON.parse(h.rawBody.toString('utf8')) as { event: string; data: { status: string } },
    );
    expect(events.map((e) => e.event)).toEqual(['withdrawal.in_progress', 'withdrawal.success']);
    expect(events[1]?.data.status).toBe('completed');
    for (const h of hooks.received) {
      expect(verifyWebhook(h.rawBody, h.headers['x-signature'] as string, ALICE.apiKey)).toBe(true);
      const event = (JSON.parse(h.rawBody.toString('utf8')) as { event: string }).event;
      expect(h.headers['x-idempotency-key']).toBe(`withdrawal:${String(data.withdrawal_id)}:${event}`);
    }
  });

  it('a failed withdrawal releases the frozen amount and sends withdrawal.failed', async () => {
    const id = ((await submit(body('50'))).json as { data: { withdrawal_id: string } }).data.withdrawal_id;
    sb.control.failWithdrawal(id, 'address blacklisted');
    expect(tronBalance()).toEqual({ balance: '1000', frozen: '0' });
    await sb.control.flushWebhooks();
    const last = JSON.parse(hooks.received.at(-1)?.rawBody.toString('utf8') ?? '{}') as {
      event: string;
      data: { status: string };
    };
    expect(last).toMatchObject({ event: 'withdrawal.failed', data: { status: 'failed' } });
  });

  it('the recipient pays the fees when the fee payer says so', async () => {
    sb.control.setWithdrawalFeePayer(ALICE.id, 'recipient');
    const data = ((await submit(body('100'))).json as { data: { amounts: unknown } }).data;
    expect(data.amounts).toEqual({ requested: '100', debit: '100', receive: '98.5' });
  });

  it('400 ControllerError when withdrawals are not allowed', async () => {
    sb.control.setWithdrawalPermission(ALICE.id, false);
    const res = await submit(body('100'));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ status: 'error', message: expect.stringMatching(/not allowed/) });
  });

  it('400 ControllerError explaining insufficient available balance (frozen counts against it)', async () => {
    expect((await submit(body('900'))).status).toBe(200);
    const res = await submit(body('100'));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/Insufficient balance.*94\.5 available/),
      available: '94.5',
    });
  });

  it('per-pair minimum, maximum, decimals and disabled pairs', async () => {
    const min = await submit(body('9.99'));
    expect([min.status, (min.json as { message: string }).message]).toEqual([
      400,
      expect.stringMatching(/minimum.*10/),
    ]);
    const max = await submit(body('100001'));
    expect([max.status, (max.json as { message: string }).message]).toEqual([
      400,
      expect.stringMatching(/maximum/),
    ]);
    const decimals = await submit(body('10.1234567'));
    expect(decimals.status).toBe(422);
    expect((decimals.json as { errors: Record<string, unknown> }).errors.amount).toBeDefined();
    const disabled = await submit({
      network: 'ton',
      coin: 'usdt',
      amount: '10',
      to_address: 'UQ' + 'A'.repeat(46),
    });
    expect(disabled.status).toBe(400);
    const unknown = await submit(body('10', { network: 'bitcoin' }));
    expect(unknown.status).toBe(422);
    const badAddress = await submit(body('10', { to_address: '0x1234' }));
    expect((badAddress.json as { errors: Record<string, unknown> }).errors.to_address).toBeDefined();
  });
});
