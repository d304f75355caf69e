import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until the invoices issue lands; it says so instead of showing an empty page. */
export function InvoicesScreen() {
  return (
    <ComingSoon title="Invoices" summary="Create invoices, follow their status and open the checkout page." />
  );
}
