import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JournalEntry } from '@contract';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { BALANCE_SNAPSHOT_MS } from '@main/app/balance-snapshots';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';

/** Nothing listens on port 9: a live profile here is unreachable, fast and offline. */
const UNREACHABLE = 'https://127.0.0.1:9';
const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';

let app: AppHarness;
/** The poll timers the scopes scheduled, in order; a test runs one to play the clock forward. */
let timers: Array<{ fn: () => void; ms: number; cancelled: boolean }>;

beforeEach(async () => {
  timers = [];
  app = await startAppHarness({
    schedule: (fn, ms) => {
      const timer = { fn, ms, cancelled: false };
      timers.push(timer);
      return { cancel: () => void (timer.cancelled = true) };
    },
  });
});
afterEach(async () => {
  await app.dispose();
  expect(app.logs.filter((line) => line.includes('not sent'))).toEqual([]);
});

/** The Sandbox's own records: an invoice (then paid), a withdrawal, a wallet. */
async function sandboxRecords() {
  await app.services.activeScope().rates.pollOnce();
  const invoice = await app.ok('invoices:create', {
    order_id: 'SBX-SCOPE-1',
    amount: '25.00',
    coin: 'usdt',
    network: 'tron',
  });
  const withdrawal = await app.ok('withdrawals:create', {
    coin: 'usdt',
    network: 'tron',
    amount: '10',
    to_address: ADDRESS,
  });
  await app.ok('wallets:create', { coin: 'usdt', network: 'tron' });
  expect([invoice.outcome, withdrawal.outcome]).toEqual(['accepted', 'accepted']);
  return { invoice, withdrawal, code: String((invoice.data as { code: string }).code) };
}

async function activateLive(): Promise<string> {
  const live = await app.ok('profiles:create', {
    name: 'Acme live',
    environment: 'live',
    baseUrl: UNREACHABLE,
    merchantId: 'acme-42',
  });
  await app.ok('secrets:set', { profileId: live.id, apiKey: 'sk_live_scope_test_0123456789' });
  await app.ok('profiles:activate', { id: live.id });
  return live.id;
}

/**
 * Per-asset balance snapshots kept for reconciliation, read from the journal's file once the app has
 * closed it (it holds the file exclusively while open).
 */
async function balanceSnapshotRows(): Promise<number> {
  await app.dispose();
  const db = new Database(join(app.dataDir, 'journal.sqlite'), { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM balance_snapshots').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

const pushes = (since: number) => app.events.slice(since).filter((e) => e.channel === 'journal:changed');

describe('under a LIVE profile, main shows nothing of the Sandbox', () => {
  it('journal:list lists only the live profile’s entries (the Invoices and Withdrawals lists)', async () => {
    await sandboxRecords();
    expect((await app.ok('journal:list', { limit: 100 })).entries).toHaveLength(3);
    await activateLive();
    expect((await app.ok('journal:list', { operation: 'createInvoice', limit: 200 })).entries).toEqual([]);
    expect((await app.ok('journal:list', { operation: 'createWithdrawal', limit: 1000 })).entries).toEqual(
      [],
    );
    expect((await app.ok('journal:list', { limit: 1000 })).entries).toEqual([]);
    expect((await app.ok('wallets:list')).wallets).toEqual([]);
  });

  it('journal:page ignores a profile the renderer names: pages, pairs and counts are the active one’s', async () => {
    await sandboxRecords();
    await activateLive();
    const page = await app.ok('journal:page', { filter: { profileId: 'sandbox' } });
    expect(page).toMatchObject({ entries: [], total: 0, pairs: [] });
    expect(await app.call('journal:export-csv', { profileId: 'sandbox' })).toMatchObject({
      ok: true,
      data: { rows: 0 },
    });
  });

  it('refuses to open or resolve another profile’s entry', async () => {
    const { invoice } = await sandboxRecords();
    await activateLive();
    expect(await app.call('journal:entry', { id: invoice.journalId })).toMatchObject({
      ok: false,
      error: { kind: 'journal-not-found' },
    });
    expect(
      await app.call('journal:resolve', { id: invoice.journalId, performed: true, reason: 'by phone' }),
    ).toMatchObject({ ok: false, error: { kind: 'journal-not-found' } });
    expect(
      await app.call('journal:resolve-evidence', { id: invoice.journalId, deliveryId: '1' }),
    ).toMatchObject({ ok: false, error: { kind: 'journal-not-found' } });
  });

  it('rates, fees and the withdrawal pairs are the live scope’s: none of the Sandbox’s prices', async () => {
    await sandboxRecords();
    const sandboxRates = await app.ok('rates:snapshot');
    expect(sandboxRates.rows.length).toBeGreaterThan(0);
    expect(sandboxRates.profileId).toBe('sandbox');
    const liveId = await activateLive();
    const rates = await app.ok('rates:snapshot');
    expect(rates).toMatchObject({ profileId: liveId, rows: [], history: {} });
    expect((await app.call('fees:get')).ok).toBe(false);
    expect((await app.call('balances:get')).ok).toBe(false);
  });

  it('pushes no change of a Sandbox entry (a webhook paid its invoice) while the live profile is active', async () => {
    const { code, invoice } = await sandboxRecords();
    await activateLive();
    const mark = app.events.length;
    app.sandbox.control.payInvoice(code);
    await app.sandbox.control.flushWebhooks();
    expect(pushes(mark)).toEqual([]);
    expect(
      app.events.slice(mark).filter((e) => e.channel === 'webhook:received'),
      'a Sandbox delivery is not announced to a live screen either',
    ).toEqual([]);
    expect(
      app.events.slice(mark).filter((e) => e.channel === 'notification:toast'),
      'nor is the Sandbox invoice paid a toast on a live screen',
    ).toEqual([]);
    // The control: back on the Sandbox, the invoice shows as paid, so the webhook was applied.
    await app.ok('profiles:activate', { id: 'sandbox' });
    const [shown] = (await app.ok('journal:list', { operation: 'createInvoice', limit: 10 })).entries;
    expect(shown).toMatchObject({ id: invoice.journalId, fields: { invoiceStatus: 'paid' } });
  });
});

describe('a push carries the changed entry whole', () => {
  it('journal:changed is the entry’s view, as journal:list returns it', async () => {
    const mark = app.events.length;
    const { withdrawal } = await sandboxRecords();
    const [listed] = (await app.ok('journal:list', { operation: 'createWithdrawal', limit: 1 })).entries;
    const pushed = pushes(mark)
      .map((e) => e.payload as JournalEntry)
      .filter((p) => p.id === withdrawal.journalId);
    expect(pushed.length).toBeGreaterThan(0);
    expect(pushed.at(-1)).toEqual(listed);
  });
});

describe('reads never write', () => {
  it('balances:get records no history point and no reconciliation snapshot', async () => {
    expect((await app.ok('balances:get')).rows.length).toBeGreaterThan(0);
    await app.ok('balances:get');
    expect((await app.ok('balances:history')).points).toEqual([]);
    expect(await balanceSnapshotRows()).toBe(0);
  });

  it('the scope’s timer takes the balance snapshots: one history point and the per-asset rows', async () => {
    // The first is due as the scope opens; the test's timer stands still until it is run.
    const first = timers.filter((t) => t.ms === 0 && !t.cancelled);
    expect(first).toHaveLength(1);
    expect((await app.ok('balances:history')).points).toEqual([]);
    first[0]!.fn();
    await expect
      .poll(async () => (await app.ok('balances:history')).points.length, { timeout: 5_000 })
      .toBe(1);
    // The next one is scheduled once this one has answered.
    await expect.poll(() => timers.filter((t) => t.ms === BALANCE_SNAPSHOT_MS).length).toBe(1);
    expect(await balanceSnapshotRows()).toBeGreaterThan(0);
  });

  it('a profile switch cancels the old scope’s snapshot timer', async () => {
    const [first] = timers.filter((t) => t.ms === 0);
    await activateLive();
    expect(first!.cancelled).toBe(true);
  });
});
