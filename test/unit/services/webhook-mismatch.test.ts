import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '@main/protocol/canonical';
import { signWebhookBody } from '@main/protocol/signing';
import { createWebhookIntake } from '@main/services/webhook-intake';
import { openWebhookLog } from '@main/storage/sqlite/webhook-log';

const KEY = 'sk_test_mismatch_key_5678';
const payload = {
  event: 'invoice.paid',
  event_id: 'evt_9',
  data: { invoice: { id: 'inv_1', code: 'C-1', order_id: 'O-1', pay_url: 'https://pay.example/i/C-1' } },
};

function setup() {
  const file = join(mkdtempSync(join(tmpdir(), 'md-whm-')), 'webhooks.sqlite');
  const applied: string[] = [];
  const made = createWebhookIntake({
    log: openWebhookLog(file),
    sink: {
      applyWithdrawalEvent: async () => null,
      applyInvoiceEvent: async (_p, _r, event) => (applied.push(event), 'entry-5'),
    },
    activeTarget: async () => ({ profileId: 'p1', apiKey: KEY }),
    targetFor: async (profileId) => (profileId === 'p1' ? { profileId, apiKey: KEY } : null),
  });
  return { intake: made, applied };
}

describe('a delivery whose signature does not match', () => {
  it('shows the bytes verified over and that the body was re-encoded after signing (the slash trap)', async () => {
    const { intake, applied } = setup();
    // The service signs its PHP encoding (https:\/\/...); a log that parsed and re-wrote the body
    // stored https://... instead.
    const signedBytes = canonicalJson(payload);
    expect(signedBytes).toContain('https:\\/\\/');
    const logged = JSON.stringify(payload);
    const result = await intake.ingest({
      rawBody: logged,
      signature: signWebhookBody(signedBytes, KEY),
      source: 'pasted',
    });
    expect(result).toMatchObject({ verified: false, rejection: 'signature-mismatch', appliedTo: null });
    expect(result.mismatch).toEqual({
      bytes: logged,
      byteLength: Buffer.byteLength(logged),
      truncated: false,
      reencodingDiffers: true,
      reencoded: signedBytes,
      matchesReencoded: true,
    });
    expect(result.note).toMatch(/re-encoded after it was signed/);
    expect(applied).toEqual([]);
    // Kept with its detail, so the list shows it later too; never the expected signature.
    const listed = (await intake.list('p1'))[0]!;
    expect(listed.mismatch?.matchesReencoded).toBe(true);
    expect(JSON.stringify(listed)).not.toContain(signWebhookBody(logged, KEY));
  });

  it('says the body is unchanged by re-encoding when the key is simply another one', async () => {
    const { intake } = setup();
    const raw = canonicalJson(payload);
    const result = await intake.ingest({
      rawBody: raw,
      signature: signWebhookBody(raw, 'another-merchant-key'),
      source: 'pasted',
    });
    expect(result.mismatch).toMatchObject({ reencodingDiffers: false, matchesReencoded: false });
    expect(result.mismatch).not.toHaveProperty('reencoded');
    expect(result.note).toMatch(/did not match this profile's API key/);
  });

  it('a body that is not JSON has no re-encoding; a long body is shortened with its length kept', async () => {
    const { intake } = setup();
    const raw = 'x'.repeat(10_000);
    const result = await intake.ingest({ rawBody: raw, signature: '0'.repeat(64), source: 'pasted' });
    expect(result.mismatch).toMatchObject({ reencodingDiffers: null, truncated: true, byteLength: 10_000 });
    expect(result.mismatch!.bytes.length).toBeLessThan(4_100);
  });
});

describe('a verified delivery', () => {
  it('names its event and ids, and a second delivery is a duplicate', async () => {
    const { intake, applied } = setup();
    const raw = canonicalJson(payload);
    const first = await intake.ingest({
      rawBody: raw,
      signature: signWebhookBody(raw, KEY),
      source: 'pasted',
    });
    expect(first).toMatchObject({
      verified: true,
      rejection: null,
      event: 'invoice.paid',
      appliedTo: 'entry-5',
      ids: { eventId: 'evt_9', invoiceId: 'inv_1', invoiceCode: 'C-1', orderId: 'O-1' },
    });
    const again = await intake.ingest({
      rawBody: raw,
      signature: signWebhookBody(raw, KEY),
      source: 'pasted',
    });
    expect(again).toMatchObject({ duplicate: true, rejection: 'duplicate', appliedTo: null });
    expect(applied).toEqual(['invoice.paid']);
  });

  it('a signed body that is not JSON is rejected as such', async () => {
    const { intake } = setup();
    const result = await intake.ingest({
      rawBody: 'hello',
      signature: signWebhookBody('hello', KEY),
      source: 'pasted',
    });
    expect(result).toMatchObject({ verified: true, rejection: 'not-json', appliedTo: null });
  });
});

describe('issue 26 item 5: the re-encoding diagnostics are for pasted and imported deliveries only', () => {
  it('a receiver delivery that does not verify is answered without re-encoding its body', async () => {
    const { intake } = setup();
    const signedBytes = canonicalJson(payload);
    const result = await intake.ingest(
      { rawBody: JSON.stringify(payload), signature: signWebhookBody(signedBytes, KEY), source: 'receiver' },
      { profileId: 'p1', apiKey: KEY },
      { keepRejected: false },
    );
    expect(result).toMatchObject({ verified: false, rejection: 'signature-mismatch' });
    expect(result.mismatch).toBeUndefined();
    expect(result.note).not.toMatch(/re-encoded/);
  });
});

describe('reading a JSON-lines file', () => {
  it('numbers lines as the file does (blank and CRLF lines included) and counts the lines past the limit', async () => {
    const { intake } = setup();
    const content = ['{bad', '', '  ', '{also bad', '\r', 'third', ' fourth', 'x\r', ''].join('\r\n');
    const result = await intake.importJsonl(content, { limits: { maxLines: 2 } });
    expect(result.skipped).toEqual([
      { line: 1, reason: 'not JSON' },
      { line: 4, reason: 'not JSON' },
    ]);
    expect(result.counts).toMatchObject({ lines: 5, skipped: 2, notRead: 3, read: 0 });
  });
});
