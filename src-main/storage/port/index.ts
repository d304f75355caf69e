export type { HeldAnswer, JournalStore } from './journal-store';
export type { EntryFilter } from './query-types';
export type { SessionRow } from './recon-store';
export * from './recon-types';
export * from './types';
export { JournalError } from './errors';
