import { describe, expect, it } from 'vitest';
import { DESK_A, kindOf, invoice, live, withdrawal, type HarnessFactory } from './harness';
import { useStore } from './use-store';

/** Entries through their life: begin, settle, resolve, unknown, and what refuses. */
export function entriesContract(factory: HarnessFactory): void {
  describe('entries', () => {
    const t = useStore(factory);

    it('begin records the intent as sending; settle gives the answer and its ids', async () => {
      const id = await t.store.begin('createWithdrawal', withdrawal());
      expect(await t.store.get(id)).toMatchObject({ id, state: 'sending', amount: '125.50', ...live });
      const settled = await t.store.settle(id, {
        outcome: 'accepted',
        externalIds: { withdrawalId: 'wd-1' },
      });
      expect(settled).toMatchObject({ id, state: 'accepted', withdrawalId: 'wd-1' });
      expect(await t.store.get(id)).toMatchObject({ state: 'accepted', withdrawalId: 'wd-1' });
      expect(await t.store.get(id + 1000)).toBeNull();
    });

    it('an unknown outcome is listed as such until a person resolves it', async () => {
      const id = await t.store.begin('createInvoice', invoice('O-1'));
      await t.store.settle(id, { outcome: 'unknown', error: { message: 'connection reset' } });
      expect((await t.store.findUnknown()).map((e) => e.id)).toEqual([id]);
      const resolved = await t.store.resolve(id, {
        by: 'person',
        person: 'Dana',
        performed: false,
        reason: 'the service has no such invoice',
      });
      expect(resolved.state).toBe('resolved-not-performed');
      expect(await t.store.findUnknown()).toEqual([]);
    });

    it('refuses with the kinds callers tell apart', async () => {
      const id = await t.store.begin('createWithdrawal', withdrawal());
      await t.store.settle(id, { outcome: 'rejected', error: { message: 'no' } });
      expect(await kindOf(t.store.settle(id, { outcome: 'accepted' }))).toBe('journal-illegal-transition');
      expect(await kindOf(t.store.settle(id + 99, { outcome: 'accepted' }))).toBe('journal-not-found');
      expect(
        await kindOf(t.store.begin('createWithdrawal', { ...live, requestBody: { amount: 1.5 } as never })),
      ).toBe('journal-invalid');
    });

    it('a second withdrawal like an unfinished one needs a reason', async () => {
      const first = await t.store.begin('createWithdrawal', withdrawal());
      expect(await kindOf(t.store.begin('createWithdrawal', withdrawal()))).toBe('duplicate-withdrawal');
      const second = await t.store.begin('createWithdrawal', {
        ...withdrawal(),
        override: { reason: 'the supplier asked for two' },
      });
      expect(second).toBeGreaterThan(first);
      expect((await t.store.get(second))?.overrideReason).toBe('the supplier asked for two');
    });

    it('webhook events move an entry on, once, and name an entry accepted without an id', async () => {
      const id = await t.store.begin('createWithdrawal', withdrawal());
      await t.store.settle(id, { outcome: 'accepted' });
      expect((await t.store.findAcceptedWithoutWithdrawalId(live.profileId)).map((e) => e.id)).toEqual([id]);
      await t.store.attachWithdrawalId(id, 'wd-9', 'a verified webhook named it');
      expect(await t.store.findAcceptedWithoutWithdrawalId(live.profileId)).toEqual([]);
      const event = { data: { status: 'completed' } };
      expect(await t.store.applyWithdrawalEvent('wd-9', 'withdrawal.success', event, live.profileId)).toEqual(
        {
          applied: true,
          entryId: id,
          changed: true,
        },
      );
      expect(
        await t.store.applyWithdrawalEvent('wd-9', 'withdrawal.success', event, live.profileId),
      ).toMatchObject({
        applied: false,
        reason: 'duplicate',
      });
      expect((await t.store.get(id))?.settlement).toBe('completed');
      const inv = await t.store.begin('createInvoice', invoice('O-7'));
      await t.store.settle(inv, { outcome: 'accepted', externalIds: { invoiceId: 'inv-7' } });
      const paid = await t.store.applyInvoiceEvent(
        { profileId: live.profileId, invoiceId: 'inv-7' },
        'invoice.paid',
        { data: {} },
      );
      expect(paid).toMatchObject({ applied: true, entryId: inv });
      expect(
        await t.store.applyInvoiceEvent({ profileId: 'p-other', orderId: 'O-7' }, 'invoice.paid', {}),
      ).toMatchObject({ applied: false, reason: 'no-entry' });
    });

    it('knows which desk it is', async () => {
      expect(t.store.deskId).toBe(DESK_A);
    });
  });
}
