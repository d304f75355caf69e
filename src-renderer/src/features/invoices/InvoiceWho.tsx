import { EntryWhoView } from '../../components/EntryWhoView';
import { useEntryWho } from '../../lib/use-entry-who';
import { useTeamStore } from '../../stores/team-store';

/**
 * On a desk of a team: which desk and person created the looked-up invoice and who recorded what
 * came of it, found by its code on the team's server. Nothing for a desk on no team.
 */
export function InvoiceWho({ code, status }: { code: string; status: string | null }) {
  const joined = useTeamStore((s) => s.status?.joined === true);
  const { who, failed } = useEntryWho({ invoiceCode: code }, joined, status ?? '');
  if (!joined) return null;
  return <EntryWhoView headingId={`invoice-who-${code}`} who={who} failed={failed} />;
}
