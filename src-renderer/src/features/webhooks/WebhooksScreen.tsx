import { moneyProfileOf } from '../../components/forms/FormActions';
import { useEffect } from 'react';
import { ScreenHeader } from '../../components/ScreenHeader';
import { isSandboxProfile } from '../../shell/routes';
import { selectActiveProfile, useShellStore } from '../../stores/shell-store';
import { useRefusedWrite } from '../../stores/use-refused-write';
import { DeliveryList } from './DeliveryList';
import { ImportForm } from './ImportForm';
import { PasteForm } from './PasteForm';
import { ReceiverPanel } from './ReceiverPanel';
import { SandboxTestPanel } from './SandboxTestPanel';
import { useWebhooksStore } from './webhooks-store';
import './webhooks.css';
import { NotAllowed } from '../../components/WriteArea';

/**
 * Webhook deliveries: paste one, import a file, or receive them locally; each is verified over its
 * exact bytes before anything is read, applied to the journal at most once, and listed with why.
 */
export function WebhooksScreen() {
  const profile = useShellStore(selectActiveProfile);
  const load = useWebhooksStore((s) => s.load);
  const loadReceiver = useWebhooksStore((s) => s.loadReceiver);
  const listen = useWebhooksStore((s) => s.listen);
  const profileId = profile?.id ?? null;
  // Main's answer on a team: a viewer reads the deliveries, and pastes or imports none.
  const refused = useRefusedWrite('webhooks');
  useEffect(() => listen(), [listen]);
  useEffect(() => {
    void load(profileId);
    void loadReceiver();
  }, [load, loadReceiver, profileId]);

  return (
    <section className="screen webhooks" data-testid="webhooks-screen">
      <ScreenHeader title="Webhooks" />
      <p className="muted webhooks__intro">
        The service reports settled withdrawals and paid invoices by signed webhooks. A delivery is checked
        against its signature before anything in it is read; only a verified one changes the journal, and only
        once.
      </p>
      {profile && (
        <div className="webhooks__grid">
          {refused ? (
            <NotAllowed area="webhooks" why={refused} />
          ) : (
            <PasteForm profile={moneyProfileOf(profile)} />
          )}
          <div className="webhooks__side">
            {!refused && <ImportForm />}
            <ReceiverPanel />
            {isSandboxProfile(profile.id) && <SandboxTestPanel />}
          </div>
        </div>
      )}
      <DeliveryList />
    </section>
  );
}
