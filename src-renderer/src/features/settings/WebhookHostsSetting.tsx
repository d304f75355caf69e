import { useEffect, useState } from 'react';
import { bindValue, EXACT_TEXT } from '../../components/forms/bind';
import { Field } from '../../components/forms/Field';
import { ErrorNotice } from '../../components/StateViews';
import { callMerchant, fieldErrorsOf, type ErrorInfo } from '../../lib/ipc';
import './webhook-hosts.css';
import { TitledSection } from '../../components/TitledSection';
import { InlineForm } from '../../components/forms/InlineForm';

/**
 * The hosts a wallet's webhook address may point at, besides the active profile's own service. Main
 * keeps the list and adds a host only after its own confirmation window says yes: the service posts
 * every deposit on the wallet to that address, so the page alone cannot widen it.
 */
export function WebhookHostsSetting() {
  const [hosts, setHosts] = useState<string[] | null>(null);
  const [host, setHost] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  useEffect(() => {
    void callMerchant((api) => api.settings.webhookHosts()).then((result) =>
      result.ok ? setHosts(result.data.hosts) : setError(result.error),
    );
  }, []);

  const onSubmit = async () => {
    if (busy) return;
    const wanted = host.trim().toLowerCase();
    setAdded(null);
    setBusy(true);
    const result = await callMerchant((api) => api.settings.approveWebhookHost({ host: wanted }));
    setBusy(false);
    if (result.ok) {
      setHosts(result.data.hosts);
      setHost('');
      setError(null);
      setAdded(wanted);
    } else setError(result.error);
  };

  return (
    <TitledSection name="webhook-hosts" className="panel webhook-hosts" title="Webhook hosts for new wallets">
      <p className="muted">
        A wallet can send its deposit notices to the profile&apos;s own service, or to a host listed here.
        Adding one asks you to confirm in Merchant Desk&apos;s own window.
      </p>
      {hosts !== null &&
        (hosts.length === 0 ? (
          <p data-testid="webhook-hosts-empty">No other host is approved.</p>
        ) : (
          <ul data-testid="webhook-hosts-list">
            {hosts.map((h) => (
              <li key={h}>{h}</li>
            ))}
          </ul>
        ))}
      <InlineForm className="webhook-hosts__form" label="Approve a webhook host" onSubmit={onSubmit}>
        <Field
          id="webhook-host"
          label="Host"
          hint="The name only, as in hooks.example.com"
          error={fieldErrorsOf(error).host}
          {...bindValue(host, setHost)}
          {...EXACT_TEXT}
          data-testid="webhook-host-input"
        />
        <button type="submit" className="button" disabled={busy || host.trim() === ''}>
          Approve host…
        </button>
      </InlineForm>
      {added && (
        <p role="status" data-testid="webhook-host-added">
          {added} is approved for new wallets.
        </p>
      )}
      {error && <ErrorNotice title="The host was not approved." error={error} />}
    </TitledSection>
  );
}
