import type { Profile } from '@contract';
import { isBuiltInSandbox } from '@shared/domain/profile';

/**
 * What a profile's environment means, on that profile's own card, so Sandbox copy can never sit on
 * a page whose active profile is live (issue 9, problem 1).
 */
export function EnvironmentNote({ profile }: { profile: Profile }) {
  if (profile.environment === 'live') {
    return (
      <p className="env-note env-note--live" data-testid="env-note" data-environment="live">
        <strong>Live: real funds.</strong> This profile connects to your real merchant account; invoices and
        withdrawals made with it move real money.
      </p>
    );
  }
  // Only the built-in Sandbox is known to be play money: a label says nothing about the service's key.
  if (!isBuiltInSandbox(profile)) {
    return (
      <p className="env-note env-note--live" data-testid="env-note" data-environment="sandbox">
        <strong>Labelled sandbox, not the built-in Sandbox.</strong> This profile connects to the service at
        its address with its own key; Merchant Desk cannot tell whether that moves real money. Treat it as
        live.
      </p>
    );
  }
  return (
    <p className="env-note" data-testid="env-note" data-environment="sandbox">
      <strong>Sandbox: play money.</strong> A simulation built into Merchant Desk; nothing done with this
      profile moves real funds. Use it to learn the app and rehearse invoices and withdrawals.
    </p>
  );
}
