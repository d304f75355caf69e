import type { JournalEntry } from '@contract';
import { KeyValueTree } from '../../components/KeyValueTree';

/** What a withdrawal's webhooks last said, in words (the settlement is the service's word, not the desk's). */
const SETTLEMENT_WORDS: Record<string, string> = {
  pending: 'Pending: accepted by the service, not paid yet.',
  processing: 'Processing: on its way on the network, not paid yet.',
  completed: 'Completed: the service reported it sent.',
  failed: 'Failed: the service reported it was not paid.',
};

/** Where the entry ended, once it left "sending" and "unknown": the state a person acts on. */
function finalWords(entry: JournalEntry): string | null {
  const settled = entry.settlement ? SETTLEMENT_WORDS[entry.settlement] : undefined;
  switch (entry.state) {
    case 'accepted':
      return settled ?? null;
    case 'resolved-performed':
      return settled ?? 'Checked after an unknown outcome: it was made.';
    case 'resolved-not-performed':
      return 'Checked after an unknown outcome: it was not made.';
    default:
      return null;
  }
}

/**
 * The answer or error as recorded. An error recorded while the outcome was unknown (a timeout, a reset
 * connection) is history once the entry settled: it stays available, folded, under the final state, so
 * "no answer came" and "Not sent: No" never read as where the entry stands now.
 */
export function EntryAnswer({ entry }: { entry: JournalEntry }) {
  const final = finalWords(entry);
  // Only an entry that went through "unknown" carries an error from before its outcome was known; an
  // accepted one's error lists the gaps of its answer, which stay true.
  const staleError = entry.state.startsWith('resolved-') && entry.error !== null;
  return (
    <>
      {final && (
        <>
          <h3>Final state</h3>
          <p data-testid="journal-entry-final">{final}</p>
        </>
      )}
      <h3>{entry.error && !staleError ? 'Error as recorded' : 'Answer as received'}</h3>
      {entry.warnings?.map((w) => (
        <p key={w} className="notice notice--warn">
          {w}
        </p>
      ))}
      {entry.error && !staleError ? (
        <KeyValueTree value={entry.error} />
      ) : entry.response !== null ? (
        <KeyValueTree value={entry.response} />
      ) : (
        <p className="muted">No answer was recorded.</p>
      )}
      {staleError && (
        <details data-testid="journal-entry-earlier-error">
          <summary>The error recorded when it was sent (before its outcome was known)</summary>
          <KeyValueTree value={entry.error} />
        </details>
      )}
    </>
  );
}
