import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until the withdrawals issue lands; it says so instead of showing an empty page. */
export function WithdrawalsScreen() {
  return (
    <ComingSoon
      title="Withdrawals"
      summary="Send withdrawals with a confirmation step and see each one's outcome."
    />
  );
}
