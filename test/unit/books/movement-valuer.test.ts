import { afterEach, describe, expect, it } from 'vitest';
import { createMovementValuer } from '@main/books/movement-valuer';
import { journalSink } from '@main/app/journal-sink';
import { asJournalStore } from '@main/storage/sqlite/journal-store';
import { invoiceBody, live, tempJournal, withdrawalBody } from '../../helpers/journal';

const feed = {
  rows: [{ symbol: 'USDT', name: 'Tether', type: 'crypto', usdPrice: '1.0002', openPrice: null, pairs: [] }],
  lastTickAt: '2030-01-01T00:00:00.000Z',
  stale: false,
};

describe('valuing movements into the journal', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => cleanups.splice(0).forEach((c) => c()));

  function desk(feedFor: (profileId: string) => typeof feed | null = () => feed) {
    const temp = tempJournal();
    cleanups.push(temp.cleanup);
    const store = asJournalStore(temp.journal);
    const warnings: string[] = [];
    const value = createMovementValuer({
      journal: store,
      feedFor,
      now: () => new Date('2030-01-01T00:00:05.000Z'),
      warn: (line) => warnings.push(line),
    });
    return { store, value, warnings };
  }

  it('records a rate event for an accepted withdrawal and nothing for an invoice created', async () => {
    const { store, value } = desk();
    const w = await store.begin('createWithdrawal', { ...live, requestBody: withdrawalBody() });
    await store.settle(w, { outcome: 'accepted', externalIds: { withdrawalId: 'wd-1' } });
    await value(w, 'settle');
    const i = await store.begin('createInvoice', { ...live, requestBody: invoiceBody() });
    await store.settle(i, { outcome: 'accepted', externalIds: { invoiceId: 'inv-1' } });
    await value(i, 'settle');
    const rate = (await store.events(w)).find((e) => e.type === 'rate');
    expect(rate?.detail).toMatchObject({
      asset: 'USDT',
      rate: '1.0002',
      staleMs: 5000,
      source: 'getCoinRates',
    });
    expect((await store.events(i)).map((e) => e.type)).toEqual(['begin', 'settle']);
  });

  it('records "no rate" for another profile, and never throws when the journal refuses', async () => {
    const { store, value, warnings } = desk(() => null);
    const w = await store.begin('createWithdrawal', { ...live, requestBody: withdrawalBody() });
    await store.settle(w, { outcome: 'accepted', externalIds: { withdrawalId: 'wd-2' } });
    await value(w, 'settle');
    expect((await store.events(w)).at(-1)).toMatchObject({ type: 'rate', detail: { rate: null } });
    await store.close();
    await expect(value(w, 'withdrawal.success')).resolves.toBeUndefined();
    expect(warnings.join('\n')).toMatch(/rate of entry #\d+ \(withdrawal.success\) was not recorded/);
  });

  it('the webhook sink values an applied change, not a duplicate or an ignored one', async () => {
    const { store, value } = desk();
    const calls: string[] = [];
    const sink = journalSink(store, async (id, event, payload) => {
      calls.push(`${id}:${event}`);
      await value(id, event, payload);
    });
    const w = await store.begin('createWithdrawal', { ...live, requestBody: withdrawalBody() });
    await store.settle(w, { outcome: 'accepted', externalIds: { withdrawalId: 'wd-3' } });
    await sink.applyWithdrawalEvent(live.profileId, 'wd-3', 'withdrawal.failed', {
      data: { status: 'failed' },
    });
    await sink.applyWithdrawalEvent(live.profileId, 'wd-3', 'withdrawal.failed', {
      data: { status: 'failed' },
    });
    // Final already: recorded as evidence, not a movement.
    await sink.applyWithdrawalEvent(live.profileId, 'wd-3', 'withdrawal.success', {});
    expect(calls).toEqual([`${w}:withdrawal.failed`]);
    const types = (await store.events(w)).map((e) => e.type);
    expect(types).toEqual(['begin', 'settle', 'webhook', 'rate', 'webhook']);
  });

  const delivery = (data: Record<string, unknown>, quiet = false) => ({
    profileId: live.profileId,
    event: 'wallet.transaction',
    payload: { event: 'wallet.transaction', data },
    receivedAt: '2030-01-01T00:00:04.000Z',
    dedupeKey: 'delivery-1',
    quiet,
  });
  const usdtDeposit = { wallet_id: 'W-9', coin: 'usdt', network: 'tron', amount: '12.5', tx_hash: '0xfeed' };

  it('records a wallet deposit with its rate once; an import of past deliveries says it has none', async () => {
    const { store, value } = desk();
    await value.deposit(delivery(usdtDeposit));
    await value.deposit(delivery(usdtDeposit));
    await value.deposit(delivery({ ...usdtDeposit, tx_hash: '0xold' }, true));
    // Not a deposit: a withdrawal event names no wallet.
    await value.deposit({
      ...delivery({ withdrawal_id: 'x', coin: 'usdt', network: 'tron' }),
      event: 'withdrawal.success',
    });
    const found = await store.deposits(live.profileId, '9999-01-01T00:00:00.000Z');
    expect(found.map((d) => d.deposit)).toMatchObject([
      {
        key: 'wallet:W-9:0xfeed',
        walletId: 'W-9',
        coin: 'usdt',
        amount: '12.5',
        rate: { movement: 'wallet.transaction', asset: 'USDT', rate: '1.0002', staleMs: 5000, missing: null },
      },
      {
        key: 'wallet:W-9:0xold',
        rate: { rate: null, missing: expect.stringMatching(/import of past deliveries/) },
      },
    ]);
  });

  it('a deposit of another profile has no rate, and a refusing journal is warned of, never thrown', async () => {
    const { store, value, warnings } = desk(() => null);
    await value.deposit(delivery(usdtDeposit));
    const [only] = await store.deposits(live.profileId, '9999-01-01T00:00:00.000Z');
    expect(only?.deposit.rate.missing).toMatch(/not the active profile/);
    await store.close();
    await expect(value.deposit(delivery({ ...usdtDeposit, tx_hash: '0x2' }))).resolves.toBeUndefined();
    expect(warnings.join('\n')).toMatch(
      /a wallet deposit \(wallet.transaction\) and its rate were not recorded/,
    );
  });
});
