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
});
