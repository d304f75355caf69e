export { openJournal, RECOVERED_REASON } from './journal';
export type { Journal, InvoiceRef, OpenJournalOptions } from './journal';
export { DuplicateWithdrawalError, IllegalTransitionError, JournalError } from './errors';
export type { DuplicateMatch, JournalErrorKind } from './errors';
export { MIGRATIONS, migrate, schemaVersion } from './migrations';
export { csvCell } from './csv';
export * from './types';
