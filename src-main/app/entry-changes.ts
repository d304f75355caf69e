import type { Journal } from '../journal';
import type { Emit } from './events';
import { toEntryView } from './journal-view';

/** Announces that a journal entry changed (written, settled, resolved, moved by a webhook). */
export type EntryChanged = (id: number | string) => void;

export interface EntryChangesDeps {
  journal: Pick<Journal, 'get'>;
  /** The profile whose screens are open; null before the first scope opens. */
  activeProfileId: () => string | null;
  emit: Emit<'journal:changed'>;
}

/**
 * The one way a change reaches the window: the entry as it is now, whole (the view journal:list
 * answers with), so a store upserts it instead of listing again. Only the active profile's entries
 * are pushed: another profile's entry (a Sandbox webhook while a live profile is open, a write that
 * settles after a switch) is no business of any screen now showing, and main, not the renderer, says so.
 */
export function announceEntryChanges(deps: EntryChangesDeps): EntryChanged {
  return (id) => {
    const entry = deps.journal.get(Number(id));
    if (!entry || entry.profileId !== deps.activeProfileId()) return;
    deps.emit('journal:changed', toEntryView(entry));
  };
}
