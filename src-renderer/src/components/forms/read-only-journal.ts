import { createContext, useContext } from 'react';

/** What the shell's banner and every money form say while the desk's journal is read-only. */
export const READ_ONLY_JOURNAL_WORDS =
  'Read-only: this journal is newer than this app. Update Merchant Desk to make changes.';

/**
 * Main's words when the desk's journal was written by a newer app and is open read-only (null:
 * writable). The shell provides it from app:info; components stay pure UI and never read the store.
 * Outside the shell (a component on its own) the journal counts as writable.
 */
export const ReadOnlyJournal = createContext<string | null>(null);

export const useReadOnlyJournal = () => useContext(ReadOnlyJournal);
