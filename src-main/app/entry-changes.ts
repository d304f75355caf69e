import type { JournalStore } from '../storage/port';
import type { Emit } from './events';
import { toEntryView } from './journal-view';

/** Announces that a journal entry changed (written, settled, resolved, moved by a webhook). */
export type EntryChanged = (id: number | string) => Promise<void>;

export interface EntryChangesDeps {
  journal: Pick<JournalStore, 'get'>;
  /** The profile whose screens are open; null before the first scope opens. */
  activeProfileId: () => string | null;
  emit: Emit<'journal:changed'>;
  /** A push that could not be read is logged: the change itself is recorded; a re-list shows it. */
  onError: (error: unknown) => void;
}

/**
 * The one way a change reaches the window: the entry as it is now, whole (the view journal:list
 * answers with), so a store upserts it instead of listing again. Only the active profile's entries
 * are pushed: another profile's entry (a Sandbox webhook while a live profile is open, a write that
 * settles after a switch) is no business of any screen now showing, and main, not the renderer, says so.
 */
export function announceEntryChanges(deps: EntryChangesDeps): EntryChanged {
  return async (id) => {
    try {
      const entry = await deps.journal.get(Number(id));
      if (!entry || entry.profileId !== deps.activeProfileId()) return;
      deps.emit('journal:changed', toEntryView(entry));
    } catch (error) {
      deps.onError(error);
    }
  };
}
