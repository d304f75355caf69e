import type { JournalEntry } from '@contract';

/** Newest first by creation time, then by id, whatever order the journal answered in. */
export function newestFirst(entries: readonly JournalEntry[]): JournalEntry[] {
  return [...entries].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || Number(b.id) - Number(a.id));
}

/**
 * The list with a changed entry (a journal:changed push, the entry whole) in its place: replaced
 * where its id is, added if it now belongs, taken out if it no longer does. The same list is
 * returned when nothing changes, so selectors do not re-render for another screen's entry.
 */
export function upsertEntry(
  list: readonly JournalEntry[],
  entry: JournalEntry,
  belongs: boolean,
): JournalEntry[] {
  const at = list.findIndex((e) => e.id === entry.id);
  if (!belongs) return at === -1 ? (list as JournalEntry[]) : list.filter((e) => e.id !== entry.id);
  if (at === -1) return newestFirst([...list, entry]);
  const next = [...list];
  next[at] = entry;
  return next;
}

/**
 * Changes heard while a list is being read. The answer may have been read in main before them, so
 * they are applied on top of it, in the order they came. If main read the answer after a change,
 * every later change it already holds was pushed before the answer too and is applied after it, so
 * the list still ends with each entry as main last had it.
 */
export function createChangeBuffer() {
  let heard: JournalEntry[] = [];
  return {
    hold: (entry: JournalEntry) => void heard.push(entry),
    /** The answer with the held changes applied; the buffer is empty afterwards. */
    applyTo(answer: readonly JournalEntry[], belongs: (entry: JournalEntry) => boolean): JournalEntry[] {
      const list = heard.reduce((acc, e) => upsertEntry(acc, e, belongs(e)), newestFirst(answer));
      heard = [];
      return list;
    },
    clear: () => void (heard = []),
  };
}
