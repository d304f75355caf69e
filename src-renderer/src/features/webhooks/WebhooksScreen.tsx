import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until the webhooks issue lands; it says so instead of showing an empty page. */
export function WebhooksScreen() {
  return (
    <ComingSoon title="Webhooks" summary="Import and verify webhook deliveries, or receive them locally." />
  );
}
