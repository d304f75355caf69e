import { describe } from 'vitest';
import { chainAndPagesContract } from './chain-and-pages';
import { entriesContract } from './entries';
import type { HarnessFactory } from './harness';
import { invoiceFiltersContract } from './invoice-filters';
import { recoveryAndReconContract } from './recovery-and-recon';
import { webhookLogContract } from './webhook-log';
import { rateRecordsContract } from './rate-records';

export type { HarnessFactory, StoreHarness } from './harness';

/**
 * What every implementation of the storage port must do, checked through the port alone: run it
 * against SQLite (here) and against any other backend (the team ledger's PostgreSQL) the same way.
 */
export function describeJournalStoreContract(name: string, factory: HarnessFactory): void {
  describe(`JournalStore contract: ${name}`, () => {
    entriesContract(factory);
    chainAndPagesContract(factory);
    invoiceFiltersContract(factory);
    recoveryAndReconContract(factory);
    webhookLogContract(factory);
    rateRecordsContract(factory);
  });
}
