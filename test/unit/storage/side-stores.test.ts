import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openWalletLabels } from '@main/app/modules/wallet-labels';
import { createBalanceHistory } from '@main/services/balance-history';
import type { BalanceHistoryStore, WalletLabelStore } from '@main/storage/port/side-stores';

/** What any implementation of the side stores must do; `reopen` sees what the last one kept. */
function sideStoresContract(
  name: string,
  make: (dir: string) => {
    labels: () => WalletLabelStore;
    history: (profileId: string) => BalanceHistoryStore;
  },
) {
  describe(`side stores: ${name}`, () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(`${tmpdir()}/md-side-`);
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('wallet labels are kept per entry and survive a restart', async () => {
      const stores = make(dir);
      const labels = stores.labels();
      expect(await labels.get('7')).toBeNull();
      await labels.set('7', 'Shop till');
      await labels.set('8', 'Warehouse');
      await labels.set('7', 'Front till');
      const again = stores.labels();
      expect([await again.get('7'), await again.get('8'), await again.get('9')]).toEqual([
        'Front till',
        'Warehouse',
        null,
      ]);
    });

    it("balance history keeps a minute's points apart, per profile, and survives a restart", () => {
      const stores = make(dir);
      const live = stores.history('p-live');
      const at = (s: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, s)).toISOString();
      live.record({ at: at(0), totalUsd: '100.00' });
      live.record({ at: at(5), totalUsd: '101.00' });
      live.record({ at: at(10), totalUsd: '102.00' });
      live.record({ at: at(70), totalUsd: '103.00' });
      // The newest point follows each refresh until it is a minute past the one before; then it stays.
      expect(live.points().map((p) => p.totalUsd)).toEqual(['100.00', '103.00']);
      live.record({ at: at(80), totalUsd: '104.00' });
      expect(live.points().map((p) => p.totalUsd)).toEqual(['100.00', '103.00', '104.00']);
      expect(stores.history('sandbox').points()).toEqual([]);
      expect(stores.history('p-live').points()).toEqual(live.points());
    });
  });
}

sideStoresContract('files in the data folder', (dir) => ({
  labels: () => openWalletLabels(dir, (line) => expect.fail(line)),
  history: (profileId) => createBalanceHistory(dir, profileId),
}));
