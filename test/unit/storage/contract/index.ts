import { describe } from 'vitest';
import { chainAndPagesContract } from './chain-and-pages';
import { entriesContract } from './entries';
import type { HarnessFactory } from './harness';
import { recoveryAndReconContract } from './recovery-and-recon';
import { webhookLogContract } from './webhook-log';

export type { HarnessFactory, StoreHarness } from './harness';

/**
 * What every implementation of the storage port must do, checked through the port alone: run it
 * against SQLite (here) and against any other backend (the team ledger's PostgreSQL) the same way.
 */
export function describeJournalStoreContract(
  name: string,
  factory: HarnessFactory,
  /** Parts an implementation does not have yet, each with the reason (they are skipped, saying so). */
  pending: { webhookLog?: string; reconciliation?: string } = {},
): void {
  describe(`JournalStore contract: ${name}`, () => {
    entriesContract(factory);
    chainAndPagesContract(factory);
    recoveryAndReconContract(factory, pending.reconciliation);
    describe.skipIf(pending.webhookLog !== undefined)(
      `webhook log${pending.webhookLog ? ` (skipped: ${pending.webhookLog})` : ''}`,
      () => webhookLogContract(factory),
    );
  });
}
