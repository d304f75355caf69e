import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { BalancesView } from '@shared/domain/market';
import { openJournal, type Journal } from '@main/storage/sqlite/journal';
import { asJournalStore } from '@main/storage/sqlite/journal-store';
import { createReconciliation } from '@main/services/reconciliation/service';

/**
 * A desk for reconciliation tests: a fresh SQLite journal per test on a clock the test moves
 * (`desk.clock = …`), one USDT-on-TRON balance, and the reconciliation service over them.
 */
export function useReconDesk(options: {
  start: string;
  balance: string;
  /** The parked deliveries the service sees (none by default). */
  parked?: () => { id: string; rawBody: string }[];
}) {
  const desk = { dir: '', clock: new Date(options.start), journal: null as unknown as Journal };
  beforeEach(() => {
    desk.dir = mkdtempSync(join(tmpdir(), 'md-recon-'));
    desk.clock = new Date(options.start);
    desk.journal = openJournal(join(desk.dir, 'journal.sqlite'), { now: () => desk.clock });
  });
  afterEach(() => {
    desk.journal.close();
    rmSync(desk.dir, { recursive: true, force: true });
  });
  const view = (): BalancesView => ({
    rows: [
      {
        coin: 'usdt',
        network: 'tron',
        balance: options.balance,
        frozen: '0',
        available: null,
        usd: null,
        raw: {},
      },
    ],
    totalUsd: '0',
    fetchedAt: desk.clock.toISOString(),
    raw: {},
  });
  const make = () =>
    createReconciliation({
      journal: asJournalStore(desk.journal),
      parked: async () => options.parked?.() ?? [],
      rejectedBetween: async () => 0,
      readBalances: async () => ({ profileId: 'sandbox', view: view() }),
      now: () => desk.clock,
    });
  return { desk, view, make };
}
