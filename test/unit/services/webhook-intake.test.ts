import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { signWebhookBody } from '../../../src-main/api/signing';
import { createWebhookIntake, type WebhookSink } from '../../../src-main/services/webhook-intake';
import { openWebhookLog } from '../../../src-main/services/webhook-log';
import { startWebhookReceiver } from '../../../src-main/services/webhook-receiver';

const KEY = 'sk_test_webhook_key_1234';

function setup() {
  const file = join(mkdtempSync(join(tmpdir(), 'md-wh-')), 'webhooks.sqlite');
  const sink: WebhookSink & { calls: unknown[] } = {
    calls: [],
    applyWithdrawalEvent: vi.fn((id: string, event: string) => {
      sink.calls.push(['withdrawal', id, event]);
      return id === 'wd_known' ? 'journal-1' : null;
    }),
    applyInvoiceEvent: vi.fn((ref, event: string) => {
      sink.calls.push(['invoice', ref, event]);
      return 'journal-2';
    }),
  };
  const log = openWebhookLog(file);
  const intake = createWebhookIntake({ log, sink, apiKey: async () => KEY });
  return { intake, sink, log, file };
}

const body = (event: string, data: unknown) => JSON.stringify({ event, event_id: 'evt_1', data });

describe('webhook intake', () => {
  it('applies a verified withdrawal event once, de-duplicated by X-Idempotency-Key', async () => {
    const { intake, sink } = setup();
    const raw = body('withdrawal.success', { withdrawal_id: 'wd_known', status: 'completed' });
    const delivery = { rawBody: raw, signature: signWebhookBody(raw, KEY), idempotencyKey: 'withdrawal:wd_known:withdrawal.success', source: 'pasted' as const };
    const first = await intake.ingest(delivery);
    const second = await intake.ingest(delivery);
    expect(first).toMatchObject({ verified: true, duplicate: false, event: 'withdrawal.success', appliedTo: 'journal-1' });
    expect(second).toMatchObject({ verified: true, duplicate: true, appliedTo: null });
    expect(sink.calls).toEqual([['withdrawal', 'wd_known', 'withdrawal.success']]);
  });

  it('de-duplicates by body hash when there is no idempotency key, across a restart', async () => {
    const { intake, sink, file } = setup();
    const raw = body('invoice.paid', { id: 'inv_1', code: 'C1', order_id: 'O-1', status: 'paid' });
    await intake.ingest({ rawBody: raw, signature: signWebhookBody(raw, KEY), source: 'pasted' });
    const reopened = createWebhookIntake({ log: openWebhookLog(file), sink, apiKey: async () => KEY });
    const again = await reopened.ingest({ rawBody: raw, signature: signWebhookBody(raw, KEY), source: 'file' });
    expect(again.duplicate).toBe(true);
    expect(sink.calls).toEqual([['invoice', { id: 'inv_1', code: 'C1', orderId: 'O-1' }, 'invoice.paid']]);
  });

  it('verifies before parsing: a bad signature is recorded and nothing is applied', async () => {
    const { intake, sink } = setup();
    const raw = body('withdrawal.failed', { withdrawal_id: 'wd_known' });
    const result = await intake.ingest({ rawBody: raw, signature: signWebhookBody(raw, 'another-key-000'), source: 'pasted' });
    expect(result).toMatchObject({ verified: false, appliedTo: null });
    expect(result.note).toMatch(/Signature did not match/);
    const notJson = await intake.ingest({ rawBody: 'not json', signature: 'zz', source: 'pasted' });
    expect(notJson.verified).toBe(false);
    expect(sink.calls).toEqual([]);
  });

  it('imports a JSON-lines file, reporting each bad line without stopping', async () => {
    const { intake } = setup();
    const raw = body('withdrawal.in_progress', { withdrawal_id: 'wd_other' });
    const content = [
      JSON.stringify({ raw_body: raw, headers: { 'X-Signature': signWebhookBody(raw, KEY) } }),
      '{broken',
      JSON.stringify({ body_json: { a: 1 } }),
    ].join('\n');
    const results = await intake.importJsonl(content);
    expect(results.map((r) => r.verified)).toEqual([true, false, false]);
    expect(results[0]?.note).toMatch(/No journal entry/);
    expect(results[1]?.note).toMatch(/Line 2 is not JSON/);
    expect(results[2]?.note).toMatch(/raw_body/);
    expect(intake.list()).toHaveLength(3);
  });

  it('local receiver answers 200 for verified deliveries and 401 otherwise, on loopback', async () => {
    const { intake } = setup();
    const receiver = await startWebhookReceiver(0, intake.ingest);
    try {
      expect(receiver.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const raw = body('withdrawal.success', { withdrawal_id: 'wd_known' });
      const good = await fetch(receiver.url, { method: 'POST', body: raw, headers: { 'X-Signature': signWebhookBody(raw, KEY) } });
      const bad = await fetch(receiver.url, { method: 'POST', body: raw, headers: { 'X-Signature': '0'.repeat(64) } });
      expect([good.status, bad.status]).toEqual([200, 401]);
    } finally {
      await receiver.close();
    }
  });
});
