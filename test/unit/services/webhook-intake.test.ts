import { mkdtempSync } from 'node:fs';
import Database from 'better-sqlite3';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signWebhookBody } from '@main/protocol/signing';
import { createWebhookIntake, type WebhookSink } from '@main/services/webhook-intake';
import { openWebhookLog } from '@main/storage/sqlite/webhook-log';
import { startWebhookReceiver } from '@main/services/webhook-receiver';

const KEY = 'sk_test_webhook_key_1234';
const TARGET = { profileId: 'p1', apiKey: KEY };

/** A sink that knows the withdrawals in `known` (id -> journal entry id), like the journal would. */
function setup(known = new Map([['wd_known', 'journal-1']])) {
  const file = join(mkdtempSync(join(tmpdir(), 'md-wh-')), 'webhooks.sqlite');
  const calls: unknown[] = [];
  const sink: WebhookSink = {
    applyWithdrawalEvent: async (profileId, id, event) => {
      calls.push(['withdrawal', profileId, id, event]);
      return known.get(id) ?? null;
    },
    applyInvoiceEvent: async (profileId, ref, event) => {
      calls.push(['invoice', profileId, ref, event]);
      return 'journal-2';
    },
  };
  // The profiles' keys as they are now: a test may replace one, as a person does in Settings.
  const keys = new Map([[TARGET.profileId, KEY]]);
  const warnings: string[] = [];
  const make = () =>
    createWebhookIntake({
      log: openWebhookLog(file),
      sink,
      activeTarget: async () => TARGET,
      targetFor: async (profileId) => {
        const apiKey = keys.get(profileId);
        return apiKey ? { profileId, apiKey } : null;
      },
      warn: (line) => warnings.push(line),
    });
  return { intake: make(), make, calls, known, file, keys, warnings };
}

const body = (event: string, data: unknown, eventId = 'evt_1') =>
  JSON.stringify({ event, event_id: eventId, data });
const signed = (raw: string) => ({
  rawBody: raw,
  signature: signWebhookBody(raw, KEY),
  source: 'pasted' as const,
});

describe('webhook intake', () => {
  it('applies a verified withdrawal event once: a re-delivery of the same event is a duplicate', async () => {
    const { intake, calls } = setup();
    const first = await intake.ingest(
      signed(body('withdrawal.success', { withdrawal_id: 'wd_known', status: 'completed' }, 'evt_1')),
    );
    // The service may re-send the same event with a new event id: the key comes from what the body says.
    const again = await intake.ingest(
      signed(body('withdrawal.success', { withdrawal_id: 'wd_known', status: 'completed' }, 'evt_2')),
    );
    expect(first).toMatchObject({
      verified: true,
      duplicate: false,
      event: 'withdrawal.success',
      appliedTo: 'journal-1',
    });
    expect(again).toMatchObject({ verified: true, duplicate: true, appliedTo: null });
    expect(calls).toEqual([['withdrawal', 'p1', 'wd_known', 'withdrawal.success']]);
  });

  it('accepts integer withdrawal ids', async () => {
    const { intake, known } = setup();
    known.set('42', 'journal-42');
    const result = await intake.ingest(signed(body('withdrawal.failed', { withdrawal_id: 42 })));
    expect(result.appliedTo).toBe('journal-42');
  });

  it('de-duplicates other events by body hash, across a restart', async () => {
    const { intake, make, calls } = setup();
    const raw = body('invoice.paid', { id: 'inv_1', code: 'C1', order_id: 'O-1', status: 'paid' });
    await intake.ingest(signed(raw));
    const again = await make().ingest({ ...signed(raw), source: 'file' });
    expect(again.duplicate).toBe(true);
    expect(calls).toEqual([['invoice', 'p1', { id: 'inv_1', code: 'C1', orderId: 'O-1' }, 'invoice.paid']]);
  });

  it('parks a verified event that matches no entry yet, and applies it once the entry is known', async () => {
    const { intake, known } = setup(new Map());
    const raw = body('withdrawal.in_progress', { withdrawal_id: 'wd_late' });
    const parked = await intake.ingest(signed(raw));
    expect(parked).toMatchObject({ verified: true, duplicate: false, appliedTo: null });
    expect(parked.note).toMatch(/kept, and applied when one appears/);
    expect(await intake.replayParked()).toBe(0);
    // The answer to the withdrawal arrives: the journal now knows wd_late.
    known.set('wd_late', 'journal-7');
    expect(await intake.replayParked()).toBe(1);
    expect(await intake.replayParked()).toBe(0);
    expect((await intake.list('p1')).find((d) => d.id === parked.id)?.appliedTo).toBe('journal-7');
    // A parked event is not a duplicate-maker: it was never applied before the replay.
    expect((await intake.ingest(signed(raw))).duplicate).toBe(true);
  });

  // Issue 26 item 4: webhooks.sqlite is no evidence by itself; a parked row is verified again at replay.
  it('a parked row planted in the log file is refused at replay, not applied', async () => {
    const { intake, file, calls, warnings } = setup();
    const raw = body('withdrawal.failed', { withdrawal_id: 'wd_known', status: 'failed' });
    const db = new Database(file);
    const plant = db.prepare(`INSERT INTO deliveries (id, dedupe_key, status, profile_id, raw_body, signature,
      received_at, source, verified, duplicate, event) VALUES (?, ?, 'parked', 'p1', ?, ?, ?, 'receiver', 1, 0, ?)`);
    const at = new Date().toISOString();
    plant.run('planted-1', 'withdrawal:wd_known:withdrawal.failed', raw, null, at, 'withdrawal.failed');
    plant.run('planted-2', 'x', raw, signWebhookBody(raw, 'a-key-of-their-own'), at, 'withdrawal.failed');
    db.close();

    expect(await intake.replayParked()).toBe(0);
    expect(calls).toEqual([]);
    const rows = await intake.list('p1');
    expect(rows.map((d) => [d.id, d.verified, d.rejection])).toEqual([
      ['planted-2', false, 'signature-mismatch'],
      ['planted-1', false, 'signature-mismatch'],
    ]);
    expect(rows[1]!.note).toMatch(/without its signature .* not applied/);
    expect(rows[0]!.note).toMatch(/does not verify with this profile's current key/);
    expect(warnings.join('\n')).toMatch(/planted-1 \(p1\) refused at replay/);
    // Refused once, not again at every replay; and a refused row does not stop the genuine event.
    expect(await intake.replayParked()).toBe(0);
    expect((await intake.ingest(signed(raw))).appliedTo).toBe('journal-1');
  });

  it('a parked delivery is verified with the current key: after the key is replaced it is reported, not applied', async () => {
    const { intake, known, keys } = setup(new Map());
    await intake.ingest(signed(body('withdrawal.failed', { withdrawal_id: 'wd_a' })));
    await intake.ingest(signed(body('withdrawal.failed', { withdrawal_id: 'wd_b' })));
    known.set('wd_a', 'journal-a');
    known.set('wd_b', 'journal-b');
    // The key is gone for a while (the keychain is locked): nothing is applied or refused meanwhile.
    keys.delete('p1');
    expect(await intake.replayParked()).toBe(0);
    expect((await intake.list('p1')).map((d) => d.note)).toEqual([
      expect.stringMatching(/kept, and applied/),
      expect.stringMatching(/kept, and applied/),
    ]);
    keys.set('p1', 'sk_test_replaced_key_9999');
    expect(await intake.replayParked()).toBe(0);
    expect((await intake.list('p1')).map((d) => d.rejection)).toEqual([
      'signature-mismatch',
      'signature-mismatch',
    ]);
  });

  it('verifies before parsing: a bad signature is recorded and nothing is applied', async () => {
    const { intake, calls } = setup();
    const raw = body('withdrawal.failed', { withdrawal_id: 'wd_known' });
    const result = await intake.ingest({
      rawBody: raw,
      signature: signWebhookBody(raw, 'another-key-000'),
      source: 'pasted',
    });
    expect(result).toMatchObject({ verified: false, appliedTo: null });
    expect(result.note).toMatch(/Signature did not match/);
    expect((await intake.ingest({ rawBody: 'not json', signature: 'zz', source: 'pasted' })).verified).toBe(
      false,
    );
    expect(calls).toEqual([]);
    // A rejected delivery does not block the genuine one.
    expect((await intake.ingest(signed(raw))).appliedTo).toBe('journal-1');
  });

  it('uses the target it is given (the sandbox receiver) rather than the active profile', async () => {
    const { intake, calls } = setup();
    const raw = body('withdrawal.success', { withdrawal_id: 'wd_known' });
    const sandboxKey = 'sandbox-demo-key-0000';
    const result = await intake.ingest(
      { rawBody: raw, signature: signWebhookBody(raw, sandboxKey), source: 'receiver' },
      { profileId: 'sandbox', apiKey: sandboxKey },
    );
    expect(result.verified).toBe(true);
    expect(calls[0]).toEqual(['withdrawal', 'sandbox', 'wd_known', 'withdrawal.success']);
  });

  it('imports a JSON-lines file, reporting each bad line without stopping', async () => {
    const { intake } = setup();
    const raw = body('withdrawal.in_progress', { withdrawal_id: 'wd_known' });
    const content = [
      JSON.stringify({ raw_body: raw, headers: { 'X-Signature': signWebhookBody(raw, KEY) } }),
      '{broken',
      JSON.stringify({ body_json: { a: 1 } }),
    ].join('\n');
    const result = await intake.importJsonl(content);
    expect(result.deliveries.map((r) => r.verified)).toEqual([true]);
    expect(result.deliveries[0]?.appliedTo).toBe('journal-1');
    expect(result.skipped).toEqual([
      { line: 2, reason: 'not JSON' },
      { line: 3, reason: expect.stringMatching(/raw_body/) },
    ]);
    expect(result.counts).toMatchObject({ lines: 3, read: 1, applied: 1, skipped: 2 });
    // Lines that are not deliveries are reported, not stored.
    expect(await intake.list('p1')).toHaveLength(1);
  });

  it('local receiver answers 200 for verified deliveries and 401 otherwise, on loopback', async () => {
    const { intake } = setup();
    const receiver = await startWebhookReceiver(0, async () => TARGET, intake.ingest);
    try {
      expect(receiver.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[\w-]{43}$/);
      const raw = body('withdrawal.success', { withdrawal_id: 'wd_known' });
      const good = await fetch(receiver.url, {
        method: 'POST',
        body: raw,
        headers: { 'X-Signature': signWebhookBody(raw, KEY), 'Content-Type': 'application/json' },
      });
      const bad = await fetch(receiver.url, {
        method: 'POST',
        body: raw,
        headers: { 'X-Signature': '0'.repeat(64), 'Content-Type': 'application/json' },
      });
      expect([good.status, bad.status]).toEqual([200, 401]);
    } finally {
      await receiver.close();
    }
  });

  it('local receiver: beyond its rate it answers 429, and a clock set back does not shut it', async () => {
    const { intake } = setup();
    let clock = Date.parse('2026-11-23T00:00:00Z');
    const receiver = await startWebhookReceiver(0, async () => TARGET, intake.ingest, {
      ratePerSecond: 1,
      burst: 2,
      now: () => clock,
    });
    const raw = body('withdrawal.success', { withdrawal_id: 'wd_known' });
    const send = async () =>
      (
        await fetch(receiver.url, {
          method: 'POST',
          body: raw,
          headers: { 'X-Signature': signWebhookBody(raw, KEY), 'Content-Type': 'application/json' },
        })
      ).status;
    try {
      expect([await send(), await send(), await send()]).toEqual([200, 200, 429]);
      clock += 1_000;
      expect(await send()).toBe(200);
      // The person corrects a clock that ran 10 minutes fast: the bucket must not owe 10 minutes.
      clock -= 10 * 60_000;
      expect(await send()).toBe(429);
      clock += 1_000;
      expect(await send()).toBe(200);
      expect(receiver.stats().limited).toBe(2);
    } finally {
      await receiver.close();
    }
  });
});
