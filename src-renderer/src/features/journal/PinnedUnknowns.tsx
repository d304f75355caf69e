import { formatZonedDateTime } from '../../lib/zoned-time';
import { OPERATION_WORDS, pinnedName } from './journal-words';
import { useJournalStore } from './journal-store';

/** Rows that need a decision, pinned above the list whatever the filter (UX rule 7). */
export function PinnedUnknowns({ names }: { names: ReadonlyMap<string, string> }) {
  const unknowns = useJournalStore((s) => s.unknowns);
  const select = useJournalStore((s) => s.select);
  if (unknowns.length === 0) return null;
  return (
    <section
      className="notice notice--unknown journal-pinned"
      aria-labelledby="journal-pinned-title"
      data-testid="journal-pinned"
    >
      <h2 id="journal-pinned-title" className="notice__title">
        <span aria-hidden="true">? </span>
        {unknowns.length === 1 ? '1 entry needs a decision' : `${unknowns.length} entries need a decision`}:
        we don’t know whether
        {unknowns.length === 1 ? ' it was' : ' they were'} done.
      </h2>
      <ul>
        {unknowns.map((entry) => (
          <li key={entry.id}>
            <button
              type="button"
              className="link-button"
              onClick={() => void select(entry.id)}
              data-testid="journal-pinned-entry"
            >
              #{entry.id} · {OPERATION_WORDS[entry.operation]} · {pinnedName(entry, names)}
            </button>{' '}
            <span className="muted">{formatZonedDateTime(entry.createdAt)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
