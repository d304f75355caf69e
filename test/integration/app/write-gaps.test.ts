import { afterEach, describe, expect, it } from 'vitest';
import { NO_WITHDRAWAL_ID } from '@main/api/client';
import { ENVELOPE_GAP } from '@main/api/tolerant';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const withdrawal = { coin: 'usdt', network: 'tron', amount: '10', to_address: ADDRESS };
let app: AppHarness;

afterEach(async () => {
  await app.dispose();
});

interface Answer {
  status: string;
  data: Record<string, unknown>;
}

/**
 * The real services and sandbox, with the sandbox's answer to POST /v1/withdrawals reshaped the way
 * a live service might answer differently: the withdrawal is made, only its answer changes.
 */
async function startWith(reshape: (answer: Answer) => unknown) {
  const ids: string[] = [];
  app = await startAppHarness({
    fetch: async (input, init) => {
      const res = await globalThis.fetch(input, init);
      if (init?.method !== 'POST' || !String(input).endsWith('/v1/withdrawals') || res.status !== 200)
        return res;
      const answer = (await res.json()) as Answer;
      ids.push(String(answer.data.withdrawal_id));
      const headers = new Headers(res.headers);
      headers.delete('content-length');
      return new Response(JSON.stringify(reshape(answer)), { status: 200, headers });
    },
  });
  return ids;
}

async function entry(journalId: string) {
  return (await app.ok('journal:list', { limit: 20 })).entries.find((e) => e.id === journalId)!;
}

describe('a withdrawal accepted with an answer that differs from the documented one', () => {
  it('without a withdrawal_id: accepted, flagged, journaled with the raw answer, then matched by its webhook', async () => {
    const ids = await startWith(({ status, data }) => {
      const { withdrawal_id: _dropped, ...rest } = data;
      return { status, data: rest };
    });
    const result = await app.ok('withdrawals:create', withdrawal);
    expect(result).toMatchObject({ outcome: 'accepted', warnings: [NO_WITHDRAWAL_ID] });
    expect(result.error).toBeUndefined();
    const accepted = await entry(result.journalId);
    expect(accepted).toMatchObject({
      state: 'accepted',
      settlement: 'pending',
      response: { status: 'pending' },
      warnings: [NO_WITHDRAWAL_ID],
      error: null,
    });
    expect(accepted.response).not.toHaveProperty('withdrawal_id');
    expect(accepted.externalIds).toEqual({});

    app.sandbox.control.completeWithdrawal(ids[0]!);
    await app.sandbox.control.flushWebhooks();
    await expect.poll(async () => (await entry(result.journalId)).settlement).toBe('completed');
    expect((await entry(result.journalId)).externalIds).toEqual({ withdrawalId: ids[0] });
  });

  it('two alike withdrawals accepted without an id: a webhook names neither, a person must match it', async () => {
    const ids = await startWith(({ status, data }) => {
      const { withdrawal_id: _dropped, ...rest } = data;
      return { status, data: rest };
    });
    const first = await app.ok('withdrawals:create', withdrawal);
    const second = await app.ok('withdrawals:create', {
      ...withdrawal,
      override: { reason: 'two payouts of the same amount are due' },
    });
    expect([first.outcome, second.outcome]).toEqual(['accepted', 'accepted']);
    app.sandbox.control.completeWithdrawal(ids[0]!);
    await app.sandbox.control.flushWebhooks();
    await expect
      .poll(async () =>
        (await app.ok('webhooks:list')).deliveries.some((d) => d.event === 'withdrawal.success'),
      )
      .toBe(true);
    for (const id of [first.journalId, second.journalId]) {
      expect(await entry(id)).toMatchObject({ settlement: 'pending', externalIds: {} });
    }
  });

  it('without the {status, data} envelope: accepted with its id, the gap flagged', async () => {
    const ids = await startWith(({ data }) => data);
    const result = await app.ok('withdrawals:create', withdrawal);
    expect(result).toMatchObject({ outcome: 'accepted', warnings: [ENVELOPE_GAP] });
    expect(await entry(result.journalId)).toMatchObject({
      state: 'accepted',
      externalIds: { withdrawalId: ids[0] },
      warnings: [ENVELOPE_GAP],
      response: { withdrawal_id: ids[0] },
    });
  });

  it('an answer as documented carries no warnings', async () => {
    await startWith((answer) => answer);
    const result = await app.ok('withdrawals:create', withdrawal);
    expect(result).toMatchObject({ outcome: 'accepted', warnings: [] });
    expect((await entry(result.journalId)).warnings).toBeUndefined();
  });

  it('a 200 that is not JSON stays unknown', async () => {
    await startWith(() => undefined);
    const result = await app.ok('withdrawals:create', withdrawal);
    expect(result).toMatchObject({ outcome: 'unknown', error: { kind: 'not-json' } });
    expect((await entry(result.journalId)).state).toBe('unknown');
  });
});

describe('an invoice lookup through the IPC contract', () => {
  it('returns the invoice with the fields it could not read marked, not an error', async () => {
    app = await startAppHarness({
      fetch: async (input, init) => {
        const res = await globalThis.fetch(input, init);
        if ((init?.method ?? 'GET') !== 'GET' || !/\/v1\/invoices\/[^/]+$/.test(String(input))) return res;
        const answer = (await res.json()) as { data: { invoice: Record<string, unknown> } };
        Object.assign(answer.data.invoice, { amount_usd: 12.5, transaction_list: null });
        return new Response(JSON.stringify(answer), {
          status: res.status,
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    const created = await app.ok('invoices:create', { order_id: 'tol-1', amount: '12.50' });
    expect(created).toMatchObject({ outcome: 'accepted', warnings: [] });
    const code = (created.data as { code: string }).code;
    const got = await app.ok('invoices:get', { code });
    expect(got.invoice).toMatchObject({ code, status: 'new', order_id: 'tol-1' });
    expect(got.invoice).not.toHaveProperty('amount_usd');
    expect(got.unreadable).toEqual([
      { field: 'invoice.amount_usd', value: 12.5, problem: expect.any(String) },
      { field: 'invoice.transaction_list', value: null, problem: expect.any(String) },
    ]);
  });
});
