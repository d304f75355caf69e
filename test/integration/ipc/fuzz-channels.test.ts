import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invokeChannels, type IpcResult } from '@contract';
import { INVOKE_CHANNELS } from '@shared/ipc-channels';
import { TRUSTED_EVENT, startAppHarness, type AppHarness } from '@test/helpers/app-harness';
import { adversarialPayload } from '@test/helpers/ipc-fuzz-arbitraries';

/**
 * Property-based fuzzing of every IPC channel through the real router and services (the embedded
 * sandbox, a real journal on a temp folder). Reproduce a failure with the seed it prints:
 * FUZZ_SEED=<seed> npx vitest run test/integration/ipc/fuzz-channels.test.ts. FUZZ_RUNS raises the count.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const BOUND_MS = 10_000;
// Distinctive, so any copy of it in an answer is found by a plain substring search.
const KEY = 'sk_live_FUZZ_NEVER_LEAVES_9c1e77a0';
// Answers that mean main broke, not that the request was refused.
const BROKEN = new Set(['internal', 'invalid-answer', 'unknown-channel', 'forbidden-sender']);

let app: AppHarness;
const opened: string[] = [];

beforeAll(async () => {
  app = await startAppHarness({
    // Dialogs are cancelled and links only recorded; the network is the loopback sandbox only.
    chooseExportPath: async () => null,
    chooseQrPath: async () => null,
    openExternal: async (url) => {
      opened.push(url);
      return false;
    },
    fetch: (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return fetch(input, init);
      return Promise.reject(new TypeError('fetch failed (the fuzz test is offline)'));
    },
  });
  app.sandbox.control.addMerchant({
    id: 'fuzz-live',
    apiKey: KEY,
    allowWithdrawals: true,
    balances: { 'usdt:tron': '100' },
  });
  const profile = await app.ok('profiles:create', {
    name: 'Fuzz (sandbox server, keychain key)',
    environment: 'sandbox',
    baseUrl: app.sandbox.url,
    merchantId: 'fuzz-live',
  });
  await app.ok('secrets:set', { profileId: profile.id, apiKey: KEY });
  await app.ok('profiles:activate', { id: profile.id });
  await app.ok('invoices:create', { order_id: 'FUZZ-1', amount: '10' });
}, 60_000);
afterAll(async () => {
  await app?.dispose();
});

/** What a refused call must leave as it was: the journal, the files of the data folder, the webhook log. */
async function stateOf(): Promise<string> {
  const hash = createHash('sha256');
  const chain = await app.services.router.dispatch('journal:verify-chain', undefined, TRUSTED_EVENT);
  const deliveries = await app.services.router.dispatch('webhooks:list', undefined, TRUSTED_EVENT);
  hash.update(JSON.stringify([chain, deliveries]));
  for (const name of readdirSync(app.dataDir).sort()) {
    // The sandbox's own state and the balance history move with background polling, not with calls.
    if (!name.endsWith('.json') || /^(sandbox-state|balance-history-)/.test(name)) continue;
    hash.update(name).update(readFileSync(join(app.dataDir, name)));
  }
  return hash.digest('hex');
}

function settleWithin<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

describe('every IPC channel under adversarial payloads', () => {
  it('covers every channel of the contract', () => {
    expect(INVOKE_CHANNELS.length).toBe(Object.keys(invokeChannels).length);
  });

  for (const channel of INVOKE_CHANNELS) {
    it(`${channel}: refuses or answers, never breaks, changes nothing when refused, leaks nothing`, async () => {
      await fc.assert(
        fc.asyncProperty(adversarialPayload(invokeChannels[channel].request), async (payload) => {
          let sent: unknown;
          try {
            // What Electron's IPC would deliver: a structured clone of what the page sent.
            sent = structuredClone(payload);
          } catch {
            return; // could not leave the page, so it never reaches main
          }
          const before = await stateOf();
          const answer = (await settleWithin(
            app.services.router.dispatch(channel, sent, TRUSTED_EVENT),
            BOUND_MS,
          )) as IpcResult<unknown>;
          const text = JSON.stringify(answer) ?? '';
          expect(text).not.toContain(KEY);
          if (answer.ok) return;
          expect(BROKEN.has(answer.error.kind), `${answer.error.kind}: ${answer.error.message}`).toBe(false);
          expect(await stateOf()).toBe(before);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    });
  }

  it('left no trace: no polluted prototype, no key in events or logs, no link opened elsewhere', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted');
    expect(JSON.stringify(app.events)).not.toContain(KEY);
    expect(app.logs.join('\n')).not.toContain(KEY);
    for (const url of opened) expect(new URL(url).hostname).toBe('127.0.0.1');
  });
});
