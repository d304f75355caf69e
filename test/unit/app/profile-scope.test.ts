import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ErrorInfo } from '@contract';
import { openProfileScope, type ProfileScope } from '@main/app/profile-scope';
import { DEMO_MERCHANT, startSandbox, type RunningSandbox } from '@main/sandbox';
import { createMemoryStore } from '@main/secrets';
import { Redactor } from '@main/security/redactor';
import { createProfileStore } from '@main/services/profiles';
import { heldFetch } from '@test/helpers/held-fetch';

let sandbox: RunningSandbox;
const dataDir = mkdtempSync(join(tmpdir(), 'md-scope-'));
const profile = createProfileStore(dataDir).active();
beforeAll(async () => {
  sandbox = await startSandbox({
    merchants: [{ ...DEMO_MERCHANT, id: profile.merchantId }],
    seed: 3,
    realTime: false,
    // Twenty minutes ahead: every answer also reports a clock skew, one more thing a scope publishes.
    startTime: Date.now() + 20 * 60_000,
  });
});
afterAll(async () => {
  await sandbox.close();
});

/** The Sandbox profile's scope on a network the test controls, with every publication recorded. */
function openRecordedScope() {
  const net = heldFetch();
  net.hold(true);
  const published: string[] = [];
  const scope: ProfileScope = openProfileScope(profile, {
    secrets: createMemoryStore(),
    redactor: new Redactor(),
    sandbox: { url: sandbox.url, apiKey: DEMO_MERCHANT.apiKey },
    dataDir,
    connection: {
      success: () => published.push('connection: online'),
      failure: (error: ErrorInfo) => published.push(`connection: ${error.kind}`),
    },
    emit: (channel) => published.push(channel),
    fetch: net.fetch,
    schedule: () => ({ cancel() {} }),
  });
  return { scope, net, published };
}

describe('profile scope', () => {
  it('publishes ticks, clock skew and connection status while open (the control for the tests below)', async () => {
    const { scope, net, published } = openRecordedScope();
    await vi.waitFor(() => expect(net.held).toHaveLength(1));
    net.hold(false);
    await net.held[0]!.release();
    await vi.waitFor(() => expect(published).toContain('rates:tick'));
    expect(published).toEqual(expect.arrayContaining(['clock:skew', 'connection: online']));
    scope.dispose();
  });

  it('publishes nothing after disposal, though the answer to its poll arrives afterwards', async () => {
    const { scope, net, published } = openRecordedScope();
    await vi.waitFor(() => expect(net.held).toHaveLength(1));
    scope.dispose();
    net.hold(false);
    // Resolves once the poll has read the answer and acted on it: it did so without publishing.
    await net.held[0]!.release();
    expect(published).toEqual([]);
    expect(scope.signal.aborted).toBe(true);
    expect(scope.rates.snapshot().rows).toEqual([]);
  });

  it('lets a read in flight at disposal finish, but does not report its outcome to the connection status', async () => {
    const { scope, net, published } = openRecordedScope();
    await vi.waitFor(() => expect(net.held).toHaveLength(1));
    // Refused at first (the clock is off), then signed again with the offset that refusal measured
    // and answered: an outcome the status would otherwise show.
    const read = scope.read((s) => s.client.getMerchantBalances()).catch((error: unknown) => error);
    await vi.waitFor(() => expect(net.held).toHaveLength(2));
    scope.dispose();
    net.hold(false);
    await net.held[1]!.release();
    expect(await read).toMatchObject({ balances: expect.any(Array) });
    await net.held[0]!.release();
    expect(published).toEqual([]);
  });

  it('ignores a second dispose, and starts no poll after disposal', async () => {
    const { scope, net } = openRecordedScope();
    await vi.waitFor(() => expect(net.held).toHaveLength(1));
    scope.dispose();
    scope.dispose();
    scope.rates.start();
    await scope.rates.pollOnce();
    expect(net.held).toHaveLength(1);
  });
});
