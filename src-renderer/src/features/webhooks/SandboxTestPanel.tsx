import { ErrorNotice } from '../../components/StateViews';
import { DeliveryCard } from './DeliveryCard';
import { useWebhooksStore } from './webhooks-store';

/**
 * Sandbox only: the Sandbox signs a test event and posts it to the desk's own receiver; the desk
 * verifies it with the Sandbox merchant's key and lists it. The whole path, end to end, with play data.
 */
export function SandboxTestPanel() {
  const testing = useWebhooksStore((s) => s.testing);
  const roundTrip = useWebhooksStore((s) => s.roundTrip);
  const sendTest = useWebhooksStore((s) => s.sendTest);
  return (
    <section className="panel webhooks__sandbox" aria-labelledby="webhooks-sandbox-title">
      <h2 id="webhooks-sandbox-title">Sandbox: send a test webhook</h2>
      <p className="muted">
        The built-in Sandbox signs a test event and delivers it to this desk, as the service would. Play data
        only; the journal does not change.
      </p>
      <button
        type="button"
        className="button"
        onClick={() => void sendTest()}
        disabled={testing}
        aria-busy={testing}
      >
        {testing ? 'Sending…' : 'Send a test webhook'}
      </button>
      <div data-testid="round-trip">
        {roundTrip && !roundTrip.ok && (
          <ErrorNotice
            title="The test webhook was not sent."
            error={roundTrip.error}
            sent="Nothing was sent."
          />
        )}
        {roundTrip?.ok && (
          <ol className="round-trip">
            <li>Sent: {roundTrip.data.message.replace(/; see it under Webhooks\.$/, '.')}</li>
            {roundTrip.data.delivery ? (
              <>
                <li>Received by the desk&apos;s Sandbox receiver on this computer.</li>
                <li>
                  {roundTrip.data.delivery.verified
                    ? 'Signature verified with the Sandbox merchant key.'
                    : 'Signature did not verify.'}
                </li>
                <li>
                  <DeliveryCard delivery={roundTrip.data.delivery} as="div" />
                </li>
              </>
            ) : (
              <li>It has not arrived yet; it will appear in the list below when it does.</li>
            )}
          </ol>
        )}
      </div>
    </section>
  );
}
