import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { signWebhookBody } from '@main/protocol/signing';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';
import { freePort } from '@test/helpers/ports';

// Issue 26 item 5: the local receiver trusts only the current key, its own address and JSON it can afford.
let app: AppHarness | undefined;
afterEach(async () => {
  await app?.dispose();
  app = undefined;
});

interface Post {
  body: string;
  key?: string;
  host?: string;
  path?: string;
  contentType?: string;
}

/** A raw HTTP post (fetch will not send a foreign Host header). Answers the status code. */
function post(url: string, { body, key, host, path, contentType = 'application/json' }: Post) {
  const target = new URL(url);
  const headers: Record<string, string> = {
    'Content-Type': contentType,
    'Content-Length': String(Buffer.byteLength(body)),
    ...(key ? { 'X-Signature': signWebhookBody(body, key) } : {}),
    ...(host ? { Host: host } : {}),
  };
  return new Promise<number>((resolve, reject) => {
    const req = request(
      { host: target.hostname, port: target.port, path: path ?? target.pathname, method: 'POST', headers },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const paid = (n = 1) =>
  JSON.stringify({ event: 'invoice.paid', data: { id: `inv_forged_${n}`, order_id: `ORD-${n}` } });

/** A profile of our own (its key in the keychain), active, with the receiver on. */
async function receiverFor(key: string) {
  app = await startAppHarness();
  const profile = await app.ok('profiles:create', {
    name: 'Shop',
    environment: 'sandbox',
    baseUrl: app.sandbox.url,
    merchantId: 'shop-1',
  });
  await app.ok('secrets:set', { profileId: profile.id, apiKey: key });
  await app.ok('profiles:activate', { id: profile.id });
  const on = await app.ok('webhooks:receiver', { enabled: true, port: await freePort() });
  return { app, profile, url: on.url! };
}

const OLD_KEY = 'sk_test_old_receiver_key_0001';
const NEW_KEY = 'sk_test_new_receiver_key_0002';

describe('issue 26 item 5: the receiver trusts only the current key', () => {
  it('a delivery signed with a replaced key is turned away; the new key verifies', async () => {
    const { app, profile, url } = await receiverFor(OLD_KEY);
    expect(await post(url, { body: paid(1), key: OLD_KEY })).toBe(200);
    await app.ok('secrets:set', { profileId: profile.id, apiKey: NEW_KEY });
    expect(await post(url, { body: paid(2), key: OLD_KEY })).toBe(401);
    expect(await post(url, { body: paid(3), key: NEW_KEY })).toBe(200);
    const events = (await app.ok('webhooks:list')).deliveries.map((d) => d.ids?.invoiceId ?? d.event);
    expect(events).not.toContain('inv_forged_2');
  });

  it('a delivery for a deleted key is not accepted', async () => {
    const { app, profile, url } = await receiverFor(OLD_KEY);
    await app.ok('secrets:delete', { profileId: profile.id });
    const status = await post(url, { body: paid(4), key: OLD_KEY });
    expect(status).toBeGreaterThanOrEqual(400);
  });
});

describe('issue 26 item 5: the receiver answers only at its own address', () => {
  it('its URL carries a secret path segment; the bare root is not the receiver', async () => {
    const { url } = await receiverFor(OLD_KEY);
    expect(new URL(url).pathname).toMatch(/^\/[A-Za-z0-9_-]{32,}$/);
    expect(await post(url, { body: paid(5), key: OLD_KEY, path: '/' })).toBe(404);
    expect(await post(url, { body: paid(6), key: OLD_KEY })).toBe(200);
  });

  it('a foreign Host (DNS rebinding) is refused even with a good signature', async () => {
    const { url } = await receiverFor(OLD_KEY);
    expect(await post(url, { body: paid(7), key: OLD_KEY, host: `evil.example:${new URL(url).port}` })).toBe(
      421,
    );
    expect(await post(url, { body: paid(8), key: OLD_KEY, host: `localhost:${new URL(url).port}` })).toBe(
      200,
    );
  });

  it('60 junk posts with a foreign Host, and 60 with a bad signature, do not starve a genuine delivery', async () => {
    const { url } = await receiverFor(OLD_KEY);
    const port = new URL(url).port;
    const junk = await Promise.all(
      Array.from({ length: 60 }, (_, i) => post(url, { body: `{"n":${i}}`, host: `evil.example:${port}` })),
    );
    expect(junk.every((s) => s === 421)).toBe(true);
    const unsigned = await Promise.all(
      Array.from({ length: 60 }, (_, i) => post(url, { body: `{"n":${i}}`, key: 'sk_wrong_key_000000' })),
    );
    expect(unsigned.every((s) => s === 401 || s === 429)).toBe(true);
    expect(unsigned).toContain(429);
    expect(await post(url, { body: paid(9), key: OLD_KEY })).toBe(200);
  });

  it('a body over 64 KiB is refused before it is read, and only JSON is taken', async () => {
    const { url } = await receiverFor(OLD_KEY);
    const big = JSON.stringify({ event: 'test.webhook', data: { pad: 'x'.repeat(70 * 1024) } });
    expect(await post(url, { body: big, key: OLD_KEY })).toBe(413);
    expect(await post(url, { body: paid(10), key: OLD_KEY, contentType: 'text/plain' })).toBe(415);
    expect(
      await post(url, { body: paid(11), key: OLD_KEY, contentType: 'application/json; charset=utf-8' }),
    ).toBe(200);
  });
});
