import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signLegacy, signTimestamped, signWebhookBody, verifyWebhook } from '@main/protocol/signing';
import { phpMap, phpSkipReason } from '@test/helpers/php';

const KEY = 'sk_test_4f7a9c2e1b';
const BODIES = ['', '{"order_id":"A-1","amount":"10.00"}', '{"note":"\\u00e9\\/\\ud83d\\ude00"}', '[]'];

// Computed once with PHP 8.2 (md5, hash_hmac, base64_encode) so they hold where php is absent:
// [body, legacy, timestamped at 1763766180, webhook].
const PHP_VECTORS = [
  [
    '',
    'e806ec684c985f1d3cb2b458a1fc48eb',
    'c3ac48161929c6bb46c0028550b6bbed4cd2e81f87f52929dd1979c672c6a6d5',
    'bda34e51ace281cf4f3a41d93b079d139b5b8f81e3bf0275edf65ebaf43529df',
  ],
  [
    '{"order_id":"A-1","amount":"10.00"}',
    'bae7476a79f92a0e942f99eee21c1e45',
    'c5539c00f3e59d4696954fff004b8ab90abada66c50708728bf502f45c5412a2',
    '905ade6db7ef54318b1d446149e6c2a749ff1c5a9fafd57dc149958458cc45d6',
  ],
] as const;

describe('signatures', () => {
  it('legacy GET without a body signs md5(apiKey)', () => {
    expect(signLegacy('', 'secret')).toBe('5ebe2294ecd0e0f08eab7690d2a6ee69');
  });

  it('timestamped signature is lowercase hex HMAC-SHA256 of base64(body).timestamp', () => {
    const sig = signTimestamped('{"a":1}', '1700000000', KEY);
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    expect(sig).not.toBe(signTimestamped('{"a":1}', '1700000001', KEY));
    expect(sig).not.toBe(signTimestamped('{"a":2}', '1700000000', KEY));
  });

  it('signs a timestamp that is not digits as UTF-8, as the service would read it', () => {
    const body = '{"a":"é"}';
    const message = `${Buffer.from(body, 'utf8').toString('base64')}.17é`;
    expect(signTimestamped(body, '17é', KEY)).toBe(
      createHmac('sha256', KEY).update(Buffer.from(message, 'utf8')).digest('hex'),
    );
  });

  it.skipIf(phpSkipReason)('matches PHP md5/hash_hmac/base64_encode for every body', () => {
    const inputs = BODIES.map((b) => JSON.stringify({ b, k: KEY, t: '1763766180' }));
    const legacy = phpMap(
      inputs,
      '$j = json_decode($x, true); $out = md5(base64_encode($j["b"]) . $j["k"]);',
    );
    const timed = phpMap(
      inputs,
      '$j = json_decode($x, true); $out = hash_hmac("sha256", base64_encode($j["b"]) . "." . $j["t"], $j["k"]);',
    );
    const hook = phpMap(inputs, '$j = json_decode($x, true); $out = hash_hmac("sha256", $j["b"], $j["k"]);');
    BODIES.forEach((body, i) => {
      expect(signLegacy(body, KEY)).toBe(legacy[i]);
      expect(signTimestamped(body, '1763766180', KEY)).toBe(timed[i]);
      expect(signWebhookBody(body, KEY)).toBe(hook[i]);
    });
  });

  it.each(PHP_VECTORS)('matches the recorded PHP vectors for %j', (body, legacy, timed, hook) => {
    expect(signLegacy(body, KEY)).toBe(legacy);
    expect(signTimestamped(body, '1763766180', KEY)).toBe(timed);
    expect(signWebhookBody(body, KEY)).toBe(hook);
  });
});

describe('verifyWebhook', () => {
  const raw = '{"event":"withdrawal.success","data":{"status":"completed"}}';
  const good = signWebhookBody(raw, KEY);

  it('accepts the HMAC of the exact raw bytes, in either hex case', () => {
    expect(verifyWebhook(raw, good, KEY)).toBe(true);
    expect(verifyWebhook(Buffer.from(raw), good.toUpperCase(), KEY)).toBe(true);
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['empty', ''],
    ['non-hex', 'z'.repeat(64)],
    ['too short', good.slice(0, 63)],
    ['too long', good + '0'],
    ['wrong key', signWebhookBody(raw, 'other')],
  ])('rejects a %s signature', (_label, signature) => {
    expect(verifyWebhook(raw, signature as string | null | undefined, KEY)).toBe(false);
  });

  it('rejects a body changed by re-serialisation (whitespace)', () => {
    expect(verifyWebhook(JSON.stringify(JSON.parse(raw), null, 1), good, KEY)).toBe(false);
  });
});
