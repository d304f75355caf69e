import { openJournalStore } from '@main/storage/sqlite/journal-store';
import { describeJournalStoreContract } from './contract';
import { sqliteHarness } from './sqlite-harness';

describeJournalStoreContract('SQLite on the calling thread', () =>
  sqliteHarness(async (file, options) => openJournalStore(file, options)),
);
