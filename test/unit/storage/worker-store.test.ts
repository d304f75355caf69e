import { describeJournalStoreContract } from './contract';
import { sqliteHarness } from './sqlite-harness';
import { openJournalInWorker } from '@main/storage/sqlite/worker-client';

// The same contract, with the journal in its worker thread and every call crossing by message.
describeJournalStoreContract('SQLite in its worker thread', () =>
  sqliteHarness((file, { deskId }) => openJournalInWorker(file, { deskId })),
);
