import { useEntryWho } from '../../lib/use-entry-who';
import { EntryWhoView } from '../../components/EntryWhoView';
import { useTeamStore } from '../../stores/team-store';

/** Who did each step of a journal entry, on a desk of a team; nothing for a desk on no team. */
export function EntryWho({ id, version }: { id: string; version?: string }) {
  const joined = useTeamStore((s) => s.status?.joined === true);
  const { who, failed } = useEntryWho({ id }, joined, version);
  if (!joined) return null;
  return <EntryWhoView headingId={`team-who-${id}`} who={who} failed={failed} />;
}
