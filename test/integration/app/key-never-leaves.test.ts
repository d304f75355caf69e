import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhookBody } from '@main/protocol/signing';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';

// Distinctive, so any copy of it anywhere is found by a plain substring search.
const KEY = 'sk_live_NEVER_LEAVE_MAIN_7f3a91c2e4b8';
let app: AppHarness;

beforeAll(async () => {
  app = await startAppHarness();
  app.sandbox.control.addMerchant({
    id: 'acme-live',
    apiKey: KEY,
    allowWithdrawals: true,
    balances: { 'usdt:tron': '1000' },
  });
  const profile = await app.ok('profiles:create', {
    name: 'Acme (sandbox server, keychain key)',
    environment: 'sandbox',
    baseUrl: app.sandbox.url,
    merchantId: 'acme-live',
  });
  await app.ok('secrets:set', { profileId: profile.id, apiKey: KEY });
  await app.ok('profiles:activate', { id: profile.id });
  await app.services.activeScope().rates.pollOnce();

  // Exercise every path that touches the key: reads, writes, failures, webhooks, status.
  await app.call('balances:get');
  await app.call('fees:get');
  await app.call('secrets:status', { profileId: profile.id });
  await app.call('invoices:create', { order_id: 'K-1', amount: '10' });
  await app.call('withdrawals:create', {
    coin: 'usdt',
    network: 'tron',
    amount: '5',
    to_address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
  });
  app.sandbox.control.injectFault('getMerchantBalances', { kind: 'error500' }, 5);
  await app.call('balances:get');
  app.sandbox.control.suspendMerchant('acme-live', true);
  await app.call('invoices:create', { order_id: 'K-2', amount: '10' });
  const raw = JSON.stringify({ event: 'withdrawal.failed', data: { withdrawal_id: 'nope', note: 'x' } });
  await app.call('webhooks:import', { kind: 'single', rawBody: raw, signature: signWebhookBody(raw, KEY) });
  await app.call('webhooks:import', { kind: 'single', rawBody: raw, signature: 'bad' });
  await app.call('journal:list', { limit: 100 });
  await app.call('journal:export-csv');
  await app.call('profiles:list');
  await app.call('app:info');
  await app.call('clock:skew');
  await app.call('connection:status');
}, 60_000);

afterAll(async () => {
  await app.dispose();
});

describe('the API key never leaves the main process', () => {
  it('was really used: the service accepted signed calls with it', () => {
    expect(app.responses.some((r) => JSON.stringify(r).includes('"outcome":"accepted"'))).toBe(true);
    expect(app.events.some((e) => e.channel === 'webhook:received')).toBe(true);
  });

  it('appears in no IPC response', () => {
    expect(app.responses.length).toBeGreaterThan(15);
    for (const response of app.responses) expect(JSON.stringify(response)).not.toContain(KEY);
  });

  it('appears in no pushed event', () => {
    expect(app.events.length).toBeGreaterThan(0);
    for (const event of app.events) expect(JSON.stringify(event)).not.toContain(KEY);
  });

  it('appears in no log line', () => {
    for (const line of app.logs) expect(line).not.toContain(KEY);
  });

  it('appears in no file the app wrote (journal, webhook log, profiles, export)', () => {
    for (const name of readdirSync(app.dataDir)) {
      if (name === 'sandbox-state.json') continue; // the simulated service's own merchant table
      expect(readFileSync(join(app.dataDir, name)).includes(KEY), name).toBe(false);
    }
  });
});
