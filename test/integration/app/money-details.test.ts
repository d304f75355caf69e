import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDecimal } from '@shared/money/exact';
import { signWebhookBody } from '@main/protocol/signing';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';

const KEY = 'acme-live-key-0123456789';
const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const TX = '7e'.repeat(32);
/** The live service as the desk addresses it; the test's network hands its requests to the sandbox. */
const LIVE = 'https://api.live-merchant.example';
let app: AppHarness;
const opened: string[] = [];

beforeAll(async () => {
  const late: { sandboxUrl?: string } = {};
  app = await startAppHarness({
    fetch: async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      return fetch(url.replace(LIVE, late.sandboxUrl!), init);
    },
    openExternal: async (url) => {
      opened.push(url);
      return true;
    },
  });
  late.sandboxUrl = app.sandbox.url;
});
afterAll(async () => {
  await app.dispose();
});

/** Pastes a webhook body signed with the active profile's key, as the Webhooks screen does. */
async function paste(body: unknown) {
  const rawBody = JSON.stringify(body);
  const delivery = await app.ok('webhooks:import', {
    kind: 'single',
    rawBody,
    signature: signWebhookBody(rawBody, KEY),
  });
  return delivery;
}

describe('money in: fees, net and transactions; the explorer is main’s to open', () => {
  it('a Sandbox invoice payment shows what was paid, the fee and the net; its hash opens nothing', async () => {
    const created = await app.ok('invoices:create', {
      order_id: 'DETAILS-1',
      amount: '25.00',
      coin: 'usdt',
      network: 'tron',
    });
    await app.ok('sandbox:act', {
      action: 'pay-invoice',
      code: String((created.data as { code: string }).code),
    });
    const [item] = (await app.ok('moneyIn:list', { kind: 'invoice-payment' })).items;
    expect(item).toMatchObject({
      entryId: created.journalId,
      feeSource: 'paid − credited',
      explorer: 'sandbox',
    });
    expect(item!.paid).not.toBeNull();
    // Net (what was credited) plus the fee is what the payer sent, to the last digit.
    expect(addDecimal(item!.amount, item!.fee!)).toBe(item!.paid);
    expect(item!.txHashes).toHaveLength(1);
    expect(item!.txHash).toBe(item!.txHashes[0]);

    const answer = await app.ok('explorer:open', { of: 'money-in', key: item!.key, index: 0 });
    expect(answer).toMatchObject({ opened: false, host: null, reason: expect.stringMatching(/on no chain/) });
    expect(opened).toEqual([]);
  });

  describe('on a live profile', () => {
    let entryId = '';
    let hash = '';
    beforeAll(async () => {
      app.sandbox.control.addMerchant({
        id: 'acme',
        apiKey: KEY,
        allowWithdrawals: true,
        balances: { 'usdt:tron': '500' },
      });
      const live = await app.ok('profiles:create', {
        name: 'Acme live',
        environment: 'live',
        baseUrl: LIVE,
        merchantId: 'acme',
      });
      await app.ok('secrets:set', { profileId: live.id, apiKey: KEY });
      await app.ok('profiles:activate', { id: live.id });
      const sent = await app.ok('withdrawals:create', {
        coin: 'usdt',
        network: 'tron',
        amount: '10',
        to_address: ADDRESS,
      });
      expect(sent.outcome).toBe('accepted');
      entryId = sent.journalId;
      const id = String((sent.data as { withdrawal_id: unknown }).withdrawal_id);
      const data = app.sandbox.control.completeWithdrawal(id) as Record<string, unknown>;
      hash = String(data.tx_hash);
      await paste({ event: 'withdrawal.success', event_id: 'ev-1', created_at: data.updated_at, data });
    });

    it('a completed withdrawal shows its fees, total debit and tx hash from the webhook', async () => {
      const { items } = await app.ok('withdrawals:completion', { ids: [entryId, '999999'] });
      expect(items).toHaveLength(1);
      const done = items[0]!;
      expect(done).toMatchObject({ entryId, event: 'withdrawal.success', requested: '10', txHash: hash });
      expect(done.explorer).toBe('link');
      // The merchant pays the fees by default: the debit is the amount plus every fee.
      expect(addDecimal(done.requested!, done.fees.total!)).toBe(done.debit);
      expect(done.fees.payer).toBe('merchant');
    });

    it('opens the withdrawal’s transaction on the network’s explorer, a URL main built', async () => {
      const answer = await app.ok('explorer:open', { of: 'withdrawal', entryId });
      expect(answer).toEqual({ opened: true, host: 'tronscan.org', reason: null });
      expect(opened.at(-1)).toBe(`https://tronscan.org/#/transaction/${hash}`);
    });

    it('a wallet deposit of the live profile opens too; an unknown entry or key is refused', async () => {
      await paste({
        event: 'wallet.transaction',
        event_id: 'ev-2',
        created_at: '2026-11-20T10:00:00Z',
        data: {
          wallet_id: 'w-9',
          coin: 'usdt',
          network: 'tron',
          amount: '75',
          tx_hash: TX,
          status: 'confirmed',
        },
      });
      const { items } = await app.ok('moneyIn:list', {});
      expect(items.map((i) => [i.kind, i.amount, i.explorer, i.fee])).toEqual([
        ['wallet-deposit', '75', 'link', null],
      ]);
      await app.ok('explorer:open', { of: 'money-in', key: items[0]!.key, index: 0 });
      expect(opened.at(-1)).toBe(`https://tronscan.org/#/transaction/${TX}`);
      const count = opened.length;
      const missing = await app.call('explorer:open', { of: 'money-in', key: 'wallet:w-9:forged', index: 0 });
      expect(missing).toMatchObject({ ok: false, error: { kind: 'journal-not-found' } });
      const noTx = await app.call('explorer:open', { of: 'money-in', key: items[0]!.key, index: 1 });
      expect(noTx).toMatchObject({ ok: false, error: { kind: 'journal-not-found' } });
      // A URL is never the page's to give.
      const url = await app.call('explorer:open', { of: 'url', url: 'https://evil.example' } as never);
      expect(url).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
      expect(opened).toHaveLength(count);
    });

    it("another profile's withdrawal is not this profile's to read or open", async () => {
      await app.ok('profiles:activate', { id: 'sandbox' });
      expect((await app.ok('withdrawals:completion', { ids: [entryId] })).items).toEqual([]);
      const other = await app.call('explorer:open', { of: 'withdrawal', entryId });
      expect(other).toMatchObject({ ok: false, error: { kind: 'journal-not-found' } });
    });
  });
});
