import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Base64 of the UTF-8 body: the first step of both signature schemes (empty body -> empty string). */
function payloadBase64(body: string): string {
  return Buffer.from(body, 'utf8').toString('base64');
}

/** Legacy scheme: md5hex(base64(body) + apiKey). A GET with no body signs md5hex(apiKey). */
export function signLegacy(body: string, apiKey: string): string {
  return createHash('md5')
    .update(payloadBase64(body) + apiKey, 'utf8')
    .digest('hex');
}

const DIGITS = /^\d+$/;

/** Timestamped scheme: hmacSha256hex(key = apiKey, base64(body) + "." + timestamp). */
export function signTimestamped(body: string, timestamp: string, apiKey: string): string {
  // Base64 and a decimal timestamp are ASCII, whose UTF-8 bytes latin1 writes too, and more cheaply
  // (every request is signed); any other timestamp (a forged header at the sandbox) goes as UTF-8.
  return createHmac('sha256', apiKey)
    .update(`${payloadBase64(body)}.${timestamp}`, DIGITS.test(timestamp) ? 'latin1' : 'utf8')
    .digest('hex');
}

const SHA256_HEX = /^[0-9a-fA-F]{64}$/;

/**
 * Webhook check over the exact raw bytes, before anything parses them. Constant-time on the digest;
 * a missing, non-hex or wrong-length signature is simply not valid.
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  signature: string | null | undefined,
  apiKey: string,
): boolean {
  if (typeof signature !== 'string' || !SHA256_HEX.test(signature) || apiKey.length === 0) return false;
  const raw = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody);
  const expected = createHmac('sha256', apiKey).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** HMAC used by the service to sign a webhook delivery (the sandbox sends with it). */
export function signWebhookBody(rawBody: string | Uint8Array, apiKey: string): string {
  return createHmac('sha256', apiKey).update(rawBody).digest('hex');
}
