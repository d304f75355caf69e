import { ErrorNotice } from '../../components/StateViews';
import { PersonDecision } from './PersonDecision';
import { useResolveManyStore } from './resolve-many-store';

/** A list of entry numbers in words: "#3, #4 and #7". */
function numbers(ids: readonly string[]): string {
  const marked = ids.map((id) => `#${id}`);
  return marked.length < 2 ? (marked[0] ?? '') : `${marked.slice(0, -1).join(', ')} and ${marked.at(-1)}`;
}

/**
 * The unknown entries chosen in the pinned list, decided together (UX rule 5: each is still an
 * unknown until a person says otherwise, and nothing here sends anything again). Main records each
 * as its own resolution; the answer names any it could not resolve, which stay chosen.
 */
export function DecideChosen({ ids }: { ids: string[] }) {
  const busy = useResolveManyStore((s) => s.busy);
  const answer = useResolveManyStore((s) => s.answer);
  const error = useResolveManyStore((s) => s.error);
  const decide = useResolveManyStore((s) => s.decide);
  const done = answer?.results.filter((r) => r.ok).map((r) => r.id) ?? [];
  const failed = answer?.results.flatMap((r) => (r.ok ? [] : [r])) ?? [];
  return (
    <>
      {ids.length > 0 && (
        <PersonDecision
          key={ids.length === 1 ? 'one' : 'several'}
          title={
            ids.length === 1
              ? `Decide the chosen entry ${numbers(ids)}`
              : `Decide the ${ids.length} chosen entries together: ${numbers(ids)}`
          }
          count={ids.length}
          busy={busy}
          onDecide={(decision) => void decide(ids, decision)}
          testId="journal-many-decision"
        />
      )}
      <div role="status" data-testid="journal-many-answer">
        {done.length > 0 && (
          <p className="notice notice--good">
            {done.length === 1 ? 'Recorded for' : `Recorded for each of the ${done.length} entries:`}{' '}
            {numbers(done)}, each as its own decision in the journal.
          </p>
        )}
      </div>
      {failed.length > 0 && (
        <div className="notice notice--error" role="alert" data-testid="journal-many-failed">
          <p className="notice__title">
            {failed.length === 1 ? '1 entry was' : `${failed.length} entries were`} not resolved; still
            unknown and still chosen:
          </p>
          <ul>
            {failed.map((f) => (
              <li key={f.id}>
                #{f.id}: {f.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {error && (
        <ErrorNotice
          title="The decision was not recorded."
          error={error}
          sent="Nothing was changed: every chosen entry is still unknown."
        />
      )}
    </>
  );
}
