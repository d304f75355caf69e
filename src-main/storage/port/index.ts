export type {
  CsvExport,
  HeldAnswer,
  InvoiceRef,
  JournalStore,
  OpenReport,
  StorageDiagnostics,
} from './journal-store';
export type { EntryFilter, EntryPage, PageRequest } from './query-types';
export type {
  MovementFact,
  ReconFactsStore,
  ReviewRow,
  SessionRow,
  SessionsStore,
  SnapshotInput,
} from './recon-store';
export * from './recon-types';
export * from './types';
export { JournalError, NotRecordedError, isStorageFailure } from './errors';
