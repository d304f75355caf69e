import { useState } from 'react';
import type { JournalEntry } from '@contract';
import { EntryWhoView } from '../../components/EntryWhoView';
import { useEntryWho } from '../../lib/use-entry-who';
import { useTeamStore } from '../../stores/team-store';

function Asked({ entry }: { entry: JournalEntry }) {
  const { who, failed } = useEntryWho({ id: entry.id }, true, entry.updatedAt);
  return <EntryWhoView headingId={`withdrawal-who-${entry.id}`} who={who} failed={failed} />;
}

/**
 * On a desk of a team: who made a withdrawal, which desk holds its send, and who settled or resolved
 * it, as the team's server recorded them. Asked only when opened: a list of many rows asks nothing.
 */
export function WithdrawalWho({ entry }: { entry: JournalEntry }) {
  const joined = useTeamStore((s) => s.status?.joined === true);
  const [open, setOpen] = useState(false);
  if (!joined) return null;
  return (
    <details
      className="withdrawal-who"
      data-testid="withdrawal-who"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary>Who made, sent and settled it</summary>
      {open && <Asked entry={entry} />}
    </details>
  );
}
