import { userInfo } from 'node:os';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';
import { parseCsv } from '@test/helpers/parse-csv';

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const withdrawal = { coin: 'usdt', network: 'tron', amount: '10', to_address: ADDRESS };
let app: AppHarness;
afterEach(async () => {
  await app.dispose();
});

/** The real services; every body POSTed to the service is kept exactly as sent. */
async function start() {
  const sent: { url: string; body: string; headers: Headers }[] = [];
  app = await startAppHarness({
    fetch: async (input, init) => {
      if (init?.method === 'POST')
        sent.push({ url: String(input), body: String(init.body), headers: new Headers(init.headers) });
      return globalThis.fetch(input, init);
    },
  });
  return sent;
}

const lost = () => app.sandbox.control.injectFault('createWithdrawal', { kind: 'drop-after' }, 1);

describe('journal:page and journal:entry over IPC', () => {
  it('filters in main and refuses bad filters at the boundary', async () => {
    await start();
    await app.ok('wallets:create', { coin: 'usdt', network: 'tron' });
    await app.ok('wallets:create', { coin: 'usdc', network: 'polygon' });
    const page = await app.ok('journal:page', {
      filter: { profileId: 'sandbox', coin: 'usdc', network: 'polygon' },
    });
    expect(page.total).toBe(1);
    expect(page.entries[0]!.fields).toMatchObject({ coin: 'usdc', network: 'polygon' });
    expect(page.pairs).toEqual([
      { coin: 'usdc', network: 'polygon' },
      { coin: 'usdt', network: 'tron' },
    ]);
    const bad = await app.call('journal:page', { filter: { from: 'last tuesday' } });
    expect(bad).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    const injected = await app.ok('journal:page', { filter: { text: "'; DELETE FROM entries; --" } });
    expect(injected.total).toBe(0);
    expect((await app.ok('journal:page', {})).total).toBe(2);
  });

  it('shows the exact signed body, never the key or the signature, and the chain up to the entry', async () => {
    const sent = await start();
    const result = await app.ok('withdrawals:create', withdrawal);
    const details = await app.ok('journal:entry', { id: result.journalId });
    const request = sent.find((s) => s.url.endsWith('/v1/withdrawals'))!;
    expect(details.requestBody).toBe(request.body);
    const key = await app.services.activeScope().session.apiKey();
    const everything = JSON.stringify(details);
    expect(everything).not.toContain(key);
    expect(everything).not.toContain(request.headers.get('sign')!);
    // The accepted withdrawal is valued at the rate of its moment (issue 29).
    expect(details.timeline.map((e) => e.type)).toEqual(['begin', 'settle', 'rate']);
    expect(details.chain).toMatchObject({ ok: true, events: 3, reason: null });
    expect(details.evidence).toEqual({ webhooks: [], invoiceCheck: false });
  });

  it('a person resolves an unknown entry with a name and a reason; the timeline says who and why', async () => {
    await start();
    lost();
    const result = await app.ok('withdrawals:create', withdrawal);
    expect(result.outcome).toBe('unknown');
    await app.ok('journal:resolve', {
      id: result.journalId,
      performed: true,
      reason: 'Seen as sent on the service dashboard.',
      name: 'Dana Ruiz',
    });
    const { timeline, entry } = await app.ok('journal:entry', { id: result.journalId });
    expect(entry.state).toBe('resolved-performed');
    expect(timeline.at(-1)).toMatchObject({
      type: 'resolve',
      // Who: the signed-in OS user main read; the typed name is a note beside it (issue 26.2).
      detail: {
        by: 'person',
        person: `${userInfo().username} (wrote: Dana Ruiz)`,
        reason: 'Seen as sent on the service dashboard.',
      },
    });
    // The push carries the entry whole, as the screen shows it.
    expect(app.events).toContainEqual({ channel: 'journal:changed', payload: entry });
  });
});

describe('resolution by evidence: a kept webhook that describes the entry', () => {
  it('is offered for each lookalike, resolves one in one click, then is applied and offered no more', async () => {
    await start();
    lost();
    const first = await app.ok('withdrawals:create', withdrawal);
    lost();
    const second = await app.ok('withdrawals:create', {
      ...withdrawal,
      override: { reason: 'two payouts due' },
    });
    expect([first.outcome, second.outcome]).toEqual(['unknown', 'unknown']);
    const [made] = app.sandbox.control.withdrawals() as { withdrawal_id?: string; id?: string }[];
    const withdrawalId = String(made!.withdrawal_id ?? made!.id);
    app.sandbox.control.completeWithdrawal(withdrawalId);
    await app.sandbox.control.flushWebhooks();
    // Two unknown lookalikes: the webhook proves one of them, not which, so it waits for a person.
    await expect
      .poll(async () => (await app.ok('journal:entry', { id: first.journalId })).evidence.webhooks.length)
      .toBe(1);
    const offered = (await app.ok('journal:entry', { id: second.journalId })).evidence.webhooks;
    expect(offered).toEqual([expect.objectContaining({ event: 'withdrawal.success', withdrawalId })]);

    const resolved = await app.ok('journal:resolve-evidence', {
      id: first.journalId,
      deliveryId: offered[0]!.deliveryId,
    });
    expect(resolved).toMatchObject({ state: 'resolved-performed', externalIds: { withdrawalId } });
    const after = await app.ok('journal:entry', { id: first.journalId });
    expect(after.entry.settlement).toBe('completed');
    // The webhook that settled it is valued too; the second copy changes nothing.
    expect(after.timeline.map((e) => e.type)).toEqual([
      'begin',
      'settle',
      'resolve',
      'webhook',
      'rate',
      'webhook',
    ]);
    expect(after.timeline[2]!.detail).toMatchObject({ by: 'evidence' });
    expect((await app.ok('journal:entry', { id: second.journalId })).evidence.webhooks).toEqual([]);
    const again = await app.call('journal:resolve-evidence', {
      id: second.journalId,
      deliveryId: offered[0]!.deliveryId,
    });
    expect(again).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/nothing was changed/) },
    });
  });
});

describe('journal:export-csv of the filtered rows', () => {
  it('exports only what the filter selects; the file parses back to the same rows as the page', async () => {
    await start();
    await app.ok('wallets:create', { coin: 'usdt', network: 'tron' });
    await app.ok('wallets:create', { coin: 'usdc', network: 'polygon' });
    lost();
    await app.ok('withdrawals:create', withdrawal);
    const filter = { profileId: 'sandbox', coin: 'usdt', network: 'tron' };
    const page = await app.ok('journal:page', { filter });
    const exported = await app.ok('journal:export-csv', filter);
    expect(exported.rows).toBe(2);
    const rows = parseCsv(readFileSync(exported.path!, 'utf8'));
    expect(rows.map((r) => r.id)).toEqual(page.entries.map((e) => e.id).reverse());
    expect(rows.map((r) => r.state)).toEqual(page.entries.map((e) => e.state).reverse());
    expect(readFileSync(exported.headPath!, 'utf8').trim()).toBe(exported.chainHead);
  });
});
