export { openJournal } from './journal';
export type { Journal } from './journal';
export { JournalError } from './errors';
export * from './types';
export type { EntryFilter } from './query';
