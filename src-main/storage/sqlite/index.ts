export { openJournal } from './journal';
export type { Journal } from './journal';
export { JournalError } from '../port/errors';
export * from '../port/types';
export type { EntryFilter } from './query';
