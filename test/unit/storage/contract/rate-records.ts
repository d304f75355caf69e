import { describe, expect, it } from 'vitest';
import type { DepositRecord } from '@main/storage/port/deposit-record';
import type { RateRecord } from '@main/storage/port/rate-record';
import { invoice, kindOf, withdrawal, type HarnessFactory } from './harness';
import { useStore } from './use-store';

const valued: RateRecord = {
  movement: 'settle',
  asset: 'USDT',
  quote: 'USD',
  rate: '0.99987',
  source: 'getCoinRates',
  ratesAt: '2030-01-01T00:00:00.000Z',
  staleMs: 4000,
  stale: false,
  missing: null,
  valuedAt: '2030-01-01T00:00:04.000Z',
};

/** Rate provenance (issue 29): a `rate` event in the entry's chain, the row unchanged. */
export function rateRecordsContract(factory: HarnessFactory): void {
  describe('rate records', () => {
    const t = useStore(factory);

    it('keeps how a movement was valued as a chained event, without changing the entry', async () => {
      const id = await t.store.begin('createWithdrawal', withdrawal());
      await t.store.settle(id, { outcome: 'accepted', externalIds: { withdrawalId: 'wd-r1' } });
      const before = await t.store.get(id);
      await t.store.recordRate(id, valued);
      const none: RateRecord = {
        ...valued,
        movement: 'withdrawal.success',
        rate: null,
        source: null,
        ratesAt: null,
        staleMs: null,
        missing: 'no rates answer had arrived yet',
      };
      await t.store.recordRate(id, none);
      const events = await t.store.events(id);
      expect(events.map((e) => e.type)).toEqual(['begin', 'settle', 'rate', 'rate']);
      expect(events[2]!.detail).toEqual(valued);
      expect(events[3]!.detail).toEqual(none);
      expect(await t.store.get(id)).toEqual(before);
      expect(await t.store.verifyChain()).toMatchObject({ ok: true, events: 4 });
      expect(await t.store.verifyChainUpTo(id)).toMatchObject({ ok: true });
    });

    it('refuses a record that invents a rate or hides why there is none, and an unknown entry', async () => {
      const id = await t.store.begin('createInvoice', invoice('ORDER-R'));
      expect(await kindOf(t.store.recordRate(id, { ...valued, rate: '1e5' }))).toBe('journal-invalid');
      expect(await kindOf(t.store.recordRate(id, { ...valued, rate: null }))).toBe('journal-invalid');
      expect(await kindOf(t.store.recordRate(id, { ...valued, source: null }))).toBe('journal-invalid');
      expect(await kindOf(t.store.recordRate(id + 100, valued))).toBe('journal-not-found');
      expect((await t.store.events(id)).map((e) => e.type)).toEqual(['begin']);
    });

    const deposit: DepositRecord = {
      profileId: 'p-deposits',
      key: 'wallet:W-1:0xd3p',
      walletId: 'W-1',
      txHash: '0xd3p',
      coin: 'usdt',
      network: 'tron',
      amount: '250.25',
      occurredAt: '2030-01-01T00:00:02.000Z',
      rate: { ...valued, movement: 'wallet.transaction' },
    };

    it('keeps a wallet deposit with its rate as a chained event of no entry, once per key', async () => {
      expect(await t.store.recordDeposit(deposit)).toBe(true);
      expect(await t.store.recordDeposit({ ...deposit, amount: '1' })).toBe(false);
      const other = {
        ...deposit,
        key: 'wallet:W-1:0xd4p',
        txHash: '0xd4p',
        rate: {
          ...valued,
          movement: 'wallet.transaction',
          rate: null,
          source: null,
          ratesAt: null,
          staleMs: null,
          missing: 'no rates answer had arrived yet',
        },
      };
      expect(await t.store.recordDeposit(other)).toBe(true);
      // The same key of another profile is another deposit.
      expect(await t.store.recordDeposit({ ...deposit, profileId: 'p-elsewhere' })).toBe(true);
      const found = await t.store.deposits('p-deposits', '9999-12-31T00:00:00.000Z');
      expect(found.map((d) => d.deposit)).toEqual([deposit, other]);
      expect(found[0]!.seq).toBeLessThan(found[1]!.seq);
      expect(found[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(await t.store.deposits('p-deposits', found[0]!.at)).toEqual([]);
      expect(await t.store.verifyChain()).toMatchObject({ ok: true, events: 3 });
    });

    it('refuses a deposit record that invents a rate or has no decimal amount', async () => {
      const bad = { ...deposit, rate: { ...valued, rate: null } };
      expect(await kindOf(t.store.recordDeposit(bad))).toBe('journal-invalid');
      expect(await kindOf(t.store.recordDeposit({ ...deposit, amount: '2.5e3' }))).toBe('journal-invalid');
      expect(await t.store.deposits('p-deposits', '9999-12-31T00:00:00.000Z')).toEqual([]);
    });
  });
}
