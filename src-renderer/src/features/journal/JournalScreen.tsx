import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until the journal issue lands; it says so instead of showing an empty page. */
export function JournalScreen() {
  return (
    <ComingSoon
      title="Journal"
      summary="Every money-moving request, its outcome, and reconciliation of uncertain ones."
    />
  );
}
