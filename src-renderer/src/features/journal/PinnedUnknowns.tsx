import { useEffect } from 'react';
import { formatZonedDateTime } from '../../lib/zoned-time';
import { useShellStore } from '../../stores/shell-store';
import { useRefusedWrite } from '../../stores/use-refused-write';
import { OPERATION_WORDS, pinnedName } from './journal-words';
import { useJournalStore } from './journal-store';
import { DecideChosen } from './DecideChosen';
import { useResolveManyStore } from './resolve-many-store';
import { TitledSection } from '../../components/TitledSection';
import { UnknownMark } from '../../components/forms/UnknownNotice';

/**
 * Rows that need a decision, pinned above the list whatever the filter (UX rule 7). After an outage
 * there can be several: they can be chosen and decided together, each still recorded on its own.
 */
export function PinnedUnknowns({ names }: { names: ReadonlyMap<string, string> }) {
  const unknowns = useJournalStore((s) => s.unknowns);
  const select = useJournalStore((s) => s.select);
  const profileId = useShellStore((s) => s.activeId);
  const chosen = useResolveManyStore((s) => s.chosen);
  const { toggle, choose, reset } = useResolveManyStore.getState();
  // Main's answer on a team: a viewer sees what needs a decision; an operator or admin decides it.
  const refused = useRefusedWrite('journal');
  // A choice and its answer belong to the profile they were made on; they survive leaving the screen.
  useEffect(() => {
    if (useResolveManyStore.getState().profileId !== profileId) reset(profileId);
  }, [reset, profileId]);
  if (unknowns.length === 0) return <DecideChosen ids={[]} />;
  const several = unknowns.length > 1 && !refused;
  // Only entries still pinned can be decided: one resolved elsewhere meanwhile drops out of the choice.
  const ids = unknowns.filter((e) => chosen.includes(e.id)).map((e) => e.id);
  return (
    <TitledSection
      name="journal-pinned"
      className="notice notice--unknown journal-pinned"
      titleClass="notice__title"
      title={
        <>
          <UnknownMark />
          {unknowns.length === 1 ? '1 entry needs a decision' : `${unknowns.length} entries need a decision`}:
          we don’t know whether
          {unknowns.length === 1 ? ' it was' : ' they were'} done.
        </>
      }
    >
      {several && (
        <p className="journal-pinned__choose">
          Open one to see its evidence, or choose several you have checked and decide them together.{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => choose(ids.length === unknowns.length ? [] : unknowns.map((e) => e.id))}
            data-testid="journal-pinned-choose-all"
          >
            {ids.length === unknowns.length ? 'Choose none' : `Choose all ${unknowns.length}`}
          </button>
        </p>
      )}
      <ul className={several ? 'journal-pinned__list--choosable' : undefined}>
        {unknowns.map((entry) => (
          <li key={entry.id}>
            {several && (
              <input
                type="checkbox"
                checked={ids.includes(entry.id)}
                onChange={() => toggle(entry.id)}
                aria-label={`Choose #${entry.id} to decide together`}
                data-testid="journal-pinned-choose"
              />
            )}{' '}
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
      {refused ? (
        <p role="status" data-testid="journal-pinned-not-allowed">
          {refused}
        </p>
      ) : (
        <DecideChosen ids={ids} />
      )}
    </TitledSection>
  );
}
