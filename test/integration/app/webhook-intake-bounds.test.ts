import { afterEach, describe, expect, it, vi } from 'vitest';
import { signWebhookBody } from '@main/protocol/signing';
import { DEMO_MERCHANT } from '@main/sandbox';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';
import { freePort } from '@test/helpers/ports';

// The Sandbox profile is active in the harness: deliveries verify with the demo merchant's key.
const KEY = DEMO_MERCHANT.apiKey;
let app: AppHarness | undefined;
afterEach(async () => {
  await app?.dispose();
  app = undefined;
});

describe('issue 12 finding 5: a large import does not block main', () => {
  it('20 000 junk lines: other work runs meanwhile, the answer is small, one summary event', async () => {
    app = await startAppHarness();
    const content = Array.from({ length: 20_000 }, (_, i) => `junk line ${i}`).join('\n');
    let timerRanDuringImport = false;
    let importDone = false;
    setTimeout(() => (timerRanDuringImport = !importDone), 0);
    const answer = await app.call('webhooks:import', { kind: 'jsonl', content });
    importDone = true;
    expect(timerRanDuringImport).toBe(true);
    expect(answer.ok).toBe(true);
    expect(JSON.stringify(answer).length).toBeLessThan(20_000);
    if (!answer.ok) return;
    expect(answer.data.counts).toMatchObject({ lines: 20_000, read: 0, notRead: 10_000, skipped: 10_000 });
    expect(answer.data.skipped?.[0]).toEqual({ line: 1, reason: 'not JSON' });
    expect(app.events.filter((e) => e.channel === 'webhooks:imported')).toHaveLength(1);
    expect(app.events.filter((e) => e.channel === 'webhooks:import-progress').length).toBeGreaterThan(1);
    expect(app.events.filter((e) => e.channel === 'webhook:received')).toHaveLength(0);
    // Junk is reported, never stored.
    expect((await app.ok('webhooks:list')).deliveries).toHaveLength(0);
  });

  it('a line over the size limit is skipped by its number; the lines around it are imported', async () => {
    app = await startAppHarness();
    const raw = JSON.stringify({ event: 'test.webhook', data: { n: 1 } });
    const good = JSON.stringify({ raw_body: raw, headers: { 'X-Signature': signWebhookBody(raw, KEY) } });
    const huge = JSON.stringify({ raw_body: 'y'.repeat(1_000_001), signature: '0'.repeat(64) });
    const answer = await app.ok('webhooks:import', { kind: 'jsonl', content: [huge, good].join('\n') });
    expect(answer.skipped).toEqual([{ line: 1, reason: expect.stringMatching(/longer than 1,000,000/) }]);
    expect(answer.counts).toMatchObject({ read: 1, verified: 1, skipped: 1 });
  });
});

describe('issue 12 finding 7: the local receiver trusts nothing it is sent', () => {
  it('stores only verified deliveries, counts the rest, limits the rate, reads the key per delivery', async () => {
    app = await startAppHarness();
    const apiKey = vi.spyOn(app.services.activeScope().session, 'apiKey');
    const port = await freePort();
    const on = await app.ok('webhooks:receiver', { enabled: true, port });
    expect(on.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/[\\w-]{43}$`));

    const raw = JSON.stringify({ event: 'test.webhook', data: { hello: 'world' } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(on.url!, {
        method: 'POST',
        body: raw,
        headers: { 'X-Signature': signWebhookBody(raw, KEY), 'Content-Type': 'application/json' },
      });
      statuses.push(res.status);
    }
    // A flood of unsigned posts, all at once.
    const flood = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        fetch(on.url!, {
          method: 'POST',
          body: `{"n":${i}}`,
          headers: { 'Content-Type': 'application/json' },
        }).then((r) => r.status),
      ),
    );
    expect(statuses).toEqual([200, 200, 200]);
    expect(flood.filter((s) => s === 401).length).toBeGreaterThan(0);
    expect(flood.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(flood.every((s) => s === 401 || s === 429)).toBe(true);

    const listed = (await app.ok('webhooks:list')).deliveries;
    expect(listed.filter((d) => d.source === 'receiver').every((d) => d.verified)).toBe(true);
    expect(listed.filter((d) => !d.verified)).toHaveLength(0);
    const status = await app.ok('webhooks:receiver-status');
    expect(status.accepted).toBe(3);
    expect((status.rejected ?? 0) + (status.limited ?? 0)).toBe(120);
    expect(status.limited).toBeGreaterThan(0);
    // Issue 26 reversed issue 12 here: the key is read when it starts and again for each post that
    // reached its secret path, so a replaced key stops verifying at once. A post that missed it reads none.
    expect(apiKey.mock.calls.length).toBe(1 + 3 + 120);
    await fetch(new URL('/', on.url!), {
      method: 'POST',
      body: raw,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(apiKey.mock.calls.length).toBe(1 + 3 + 120);
    await app.ok('webhooks:receiver', { enabled: false, port });
  });
});

describe('deliveries belong to a profile', () => {
  it("the list shows the active profile's deliveries only", async () => {
    app = await startAppHarness();
    const raw = JSON.stringify({ event: 'test.webhook', data: { profile: 'sandbox' } });
    await app.ok('webhooks:import', { kind: 'single', rawBody: raw, signature: signWebhookBody(raw, KEY) });
    const listed = (await app.ok('webhooks:list')).deliveries;
    expect(listed.map((d) => [d.event, d.profileId])).toEqual([['test.webhook', 'sandbox']]);

    const other = await app.ok('profiles:create', {
      name: 'Acme',
      environment: 'sandbox',
      baseUrl: app.sandbox.url,
      merchantId: 'acme',
    });
    await app.ok('profiles:activate', { id: other.id });
    expect((await app.ok('webhooks:list')).deliveries).toEqual([]);
    await app.ok('profiles:activate', { id: 'sandbox' });
    expect((await app.ok('webhooks:list')).deliveries).toHaveLength(1);
  });
});
