import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyWebhook } from '@main/protocol/signing';
import type { RunningSandbox } from '@main/sandbox/index';
import { ALICE, createTestInvoice, signedRequest, startTestSandbox } from '@test/helpers/sandbox-request';
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

const events = () =>
  hooks.received.map(
    (h) => JSON.parse(h.rawBody.toString('utf8')) as { event: string; data: Record<string, unknown> },
  );

describe('webhook delivery', () => {
  it('invoice.paid, invoice.expired and aml.rejected.invoice are signed with the merchant key', async () => {
    const paid = await createTestInvoice(sb, { order_id: 'w1', amount: '10', coin: 'usdt', network: 'tron' });
    sb.control.payInvoice(paid);
    const expired = await createTestInvoice(sb, { order_id: 'w2', amount: '10' });
    sb.control.expireInvoice(expired);
    const aml = await createTestInvoice(sb, { order_id: 'w3', amount: '10' });
    sb.control.amlRejectInvoice(aml);
    await sb.control.flushWebhooks();
    // Deliveries run concurrently, so arrival order is not promised (nor is it by the spec).
    expect(
      events()
        .map((e) => [e.event, e.data.code])
        .sort(),
    ).toEqual([
      ['aml.rejected.invoice', aml],
      ['invoice.expired', expired],
      ['invoice.paid', paid],
    ]);
    for (const h of hooks.received) {
      expect(verifyWebhook(h.rawBody, h.headers['x-signature'] as string, ALICE.apiKey)).toBe(true);
      expect(verifyWebhook(h.rawBody, h.headers['x-signature'] as string, 'other-key')).toBe(false);
      expect(h.headers['x-idempotency-key']).toBeUndefined();
    }
  });

  it('sends a test event on request', async () => {
    const [record] = sb.control.sendTestWebhook(ALICE.id);
    await sb.control.flushWebhooks();
    expect(events()[0]?.event).toBe('test.webhook');
    expect(sb.control.deliveries(ALICE.id).find((d) => d.id === record?.id)?.state).toBe('delivered');
  });

  it('retries a non-2xx answer with backoff on the sandbox clock, then succeeds', async () => {
    hooks.respondWith.push(500, 503);
    sb.control.sendTestWebhook(ALICE.id);
    await sb.control.flushWebhooks();
    expect(hooks.received).toHaveLength(1);
    sb.control.advanceClock(9_000);
    await sb.control.flushWebhooks();
    expect(hooks.received).toHaveLength(1);
    sb.control.advanceClock(1_000);
    await sb.control.flushWebhooks();
    expect(hooks.received).toHaveLength(2);
    sb.control.advanceClock(30_000);
    await sb.control.flushWebhooks();
    expect(hooks.received).toHaveLength(3);
    const [delivery] = sb.control.deliveries(ALICE.id);
    expect(delivery?.attempts.map((a) => a.status)).toEqual([500, 503, 200]);
    expect(delivery?.state).toBe('delivered');
    // Every attempt carries the same bytes and signature.
    expect(new Set(hooks.received.map((h) => h.rawBody.toString('base64'))).size).toBe(1);
  });

  it('gives up after a bounded number of attempts', async () => {
    hooks.respondWith.push(...Array<number>(10).fill(500));
    sb.control.sendTestWebhook(ALICE.id);
    for (let i = 0; i < 8; i++) {
      await sb.control.flushWebhooks();
      sb.control.advanceClock(3_600_000);
    }
    await sb.control.flushWebhooks();
    expect(hooks.received).toHaveLength(6);
    expect(sb.control.deliveries(ALICE.id)[0]?.state).toBe('failed');
  });

  it('duplicate delivery can be switched on', async () => {
    sb.control.setDuplicateWebhooks(true);
    sb.control.sendTestWebhook(ALICE.id);
    await sb.control.flushWebhooks();
    expect(hooks.received).toHaveLength(2);
    expect(hooks.received[0]?.rawBody.equals(hooks.received[1]?.rawBody ?? Buffer.alloc(0))).toBe(true);
  });

  it("a wallet webhook_url receives that wallet's transactions instead of the callback URL", async () => {
    const own = await startReceiver();
    try {
      const res = await signedRequest(sb, 'POST', '/v1/wallet-address', {
        coin: 'usdt',
        network: 'tron',
        webhook_url: own.url,
      });
      const id = (res.json as { data: { id: string } }).data.id;
      sb.control.depositToWallet(id, { amount: '12.5' });
      await sb.control.flushWebhooks();
      expect(hooks.received).toHaveLength(0);
      const got = JSON.parse(own.received[0]?.rawBody.toString('utf8') ?? '{}') as {
        event: string;
        data: Record<string, unknown>;
      };
      expect(got).toMatchObject({
        event: 'wallet.transaction',
        data: { wallet_id: id, amount: '12.5', status: 'confirmed' },
      });
      expect(
        verifyWebhook(
          own.received[0]?.rawBody ?? '',
          own.received[0]?.headers['x-signature'] as string,
          ALICE.apiKey,
        ),
      ).toBe(true);
    } finally {
      await own.close();
    }
  });

  it('a held static-wallet deposit is visible but not available until released', async () => {
    const res = await signedRequest(sb, 'POST', '/v1/wallet-address', { coin: 'btc', network: 'bitcoin' });
    sb.control.depositToWallet((res.json as { data: { id: string } }).data.id, { amount: '0.5', held: true });
    const btc = () =>
      (sb.control.merchant(ALICE.id).balances as Record<string, { balance: string; frozen: string }>)[
        'btc:bitcoin'
      ];
    expect(btc()).toEqual({ balance: '1.5', frozen: '0.5' });
    sb.control.advanceClock(10 * 60 * 1000);
    expect(btc()).toEqual({ balance: '1.5', frozen: '0' });
  });

  it('without a callback URL the delivery is logged as skipped', async () => {
    sb.control.setCallbackUrl(ALICE.id, null);
    sb.control.sendTestWebhook(ALICE.id);
    expect(sb.control.deliveries(ALICE.id)[0]?.state).toBe('skipped');
  });
});
