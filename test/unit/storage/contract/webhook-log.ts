import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '@shared/domain/webhooks';
import type { WebhookLog } from '@main/storage/port/webhook-log';
import type { HarnessFactory, StoreHarness } from './harness';

let n = 0;
const delivery = (profileId: string, over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: `d-${++n}`,
  profileId,
  receivedAt: new Date(Date.UTC(2026, 10, 1, 0, n)).toISOString(),
  source: 'receiver',
  verified: true,
  duplicate: false,
  event: 'withdrawal.success',
  appliedTo: null,
  note: null,
  rejection: null,
  ...over,
});

/** The log of webhook deliveries: de-duplication, parking, listing per profile and retention. */
export function webhookLogContract(factory: HarnessFactory): void {
  describe('webhook log', () => {
    let harness: StoreHarness;
    let log: WebhookLog;
    beforeEach(async () => {
      harness = await factory();
      log = await harness.webhookLog();
    });
    afterEach(() => harness.cleanup());

    it('knows a settled key, parks a delivery with its body until applied, and lists per profile', async () => {
      await log.record(delivery('p1'), {
        dedupeKey: 'k1',
        status: 'applied',
        profileId: 'p1',
        rawBody: '{}',
      });
      const parked = delivery('p1');
      await log.record(parked, {
        dedupeKey: 'k2',
        status: 'parked',
        profileId: 'p1',
        rawBody: '{"a":1}',
        signature: 'ab'.repeat(32),
      });
      await log.record(delivery('p2', { verified: false, rejection: 'signature-mismatch' }), {
        dedupeKey: null,
        status: 'rejected',
        profileId: 'p2',
        rawBody: 'x',
      });
      expect(await log.hasSettled('k1')).toBe(true);
      expect(await log.hasSettled('k2')).toBe(false);
      expect(await log.parked()).toEqual([
        { id: parked.id, profileId: 'p1', rawBody: '{"a":1}', signature: 'ab'.repeat(32) },
      ]);
      await log.markApplied(parked.id, '7');
      expect(await log.parked()).toEqual([]);
      expect((await log.list('p1')).map((d) => d.appliedTo)).toEqual(['7', null]);
      expect(await log.list('p2')).toMatchObject([{ verified: false, rejection: 'signature-mismatch' }]);
      expect(await log.list()).toHaveLength(3);
      expect(await log.count()).toBe(3);
    });

    it('a parked delivery refused at its replay becomes rejected evidence, and stays refused', async () => {
      const parked = delivery('p1');
      await log.record(parked, { dedupeKey: 'k9', status: 'parked', profileId: 'p1', rawBody: '{}' });
      expect(await log.parked()).toEqual([
        { id: parked.id, profileId: 'p1', rawBody: '{}', signature: null },
      ]);
      await log.markRefused(parked.id, 'does not verify');
      await log.markApplied(parked.id, '3');
      expect(await log.parked()).toEqual([]);
      expect(await log.hasSettled('k9')).toBe(false);
      expect(await log.list('p1')).toMatchObject([
        { verified: false, rejection: 'signature-mismatch', appliedTo: null, note: 'does not verify' },
      ]);
    });

    it('writes a batch as one, and a batch that fails leaves nothing', async () => {
      await log.batch(async () => {
        await log.record(delivery('p1'), {
          dedupeKey: 'b1',
          status: 'recorded',
          profileId: 'p1',
          rawBody: null,
        });
        await Promise.resolve();
        await log.record(delivery('p1'), {
          dedupeKey: 'b2',
          status: 'recorded',
          profileId: 'p1',
          rawBody: null,
        });
      });
      expect(await log.count()).toBe(2);
      await expect(
        log.batch(async () => {
          await log.record(delivery('p1'), {
            dedupeKey: 'b3',
            status: 'recorded',
            profileId: 'p1',
            rawBody: null,
          });
          throw new Error('the import stopped');
        }),
      ).rejects.toThrow(/stopped/);
      expect(await log.count()).toBe(2);
      expect(await log.hasSettled('b3')).toBe(false);
    });
  });
}
