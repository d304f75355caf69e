import { useState, type FormEvent } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { bindValue } from '../../components/forms/bind';
import { Field } from '../../components/forms/Field';
import { ErrorNotice } from '../../components/StateViews';
import { useShellStore } from '../../stores/shell-store';
import { useWebhooksStore } from './webhooks-store';

const validPort = (value: string) => /^\d{4,5}$/.test(value) && +value >= 1024 && +value <= 65535;

/** The optional loopback receiver: off by default, on this computer only, counts what it turned away. */
export function ReceiverPanel() {
  const receiver = useWebhooksStore((s) => s.receiver);
  const busy = useWebhooksStore((s) => s.receiverBusy);
  const error = useWebhooksStore((s) => s.receiverError);
  const setReceiver = useWebhooksStore((s) => s.setReceiver);
  const [port, setPort] = useState<string | null>(null);
  const shownPort = port ?? String(receiver?.port ?? 8787);
  const [portError, setPortError] = useState<string | undefined>();
  const on = !!receiver?.enabled;
  const activeId = useShellStore((s) => s.activeId);
  const keyOf = useShellStore((s) => s.profiles.find((p) => p.id === receiver?.profileId)?.name);
  const otherProfile = on && receiver?.profileId && receiver.profileId !== activeId;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (on) return void setReceiver(false, receiver.port);
    const ok = validPort(shownPort);
    setPortError(ok ? undefined : 'Enter a port from 1024 to 65535, such as 8787.');
    if (ok) void setReceiver(true, Number(shownPort));
  };

  return (
    <section className="panel webhooks__receiver" aria-labelledby="webhooks-receiver-title">
      <h2 id="webhooks-receiver-title">Receive on this computer</h2>
      <p className="muted">
        A local address your own forwarder or tunnel can deliver to. It listens on 127.0.0.1 only, keeps only
        deliveries that verify with the active profile&apos;s key, and answers anything else with an error so
        the service sends it again.
      </p>
      <form className="form form--row" onSubmit={submit} noValidate aria-busy={busy}>
        <Field
          id="webhook-port"
          label="Port"
          inputMode="numeric"
          autoComplete="off"
          {...bindValue(shownPort, setPort)}
          disabled={on}
          error={portError}
        />
        <button type="submit" className="button" disabled={busy} data-testid="receiver-toggle">
          {on ? 'Turn the receiver off' : 'Turn the receiver on'}
        </button>
      </form>
      <div data-testid="receiver-status" data-enabled={on}>
        {on && receiver?.url ? (
          <>
            <p className="receiver__url">
              Receiving at <code data-testid="receiver-url">{receiver.url}</code>{' '}
              <CopyButton text={receiver.url} what="receiver address" />
            </p>
            <p className="muted" data-testid="receiver-counts">
              Since it started: {receiver.accepted ?? 0} verified, {receiver.rejected ?? 0} turned away (bad
              signature), {receiver.limited ?? 0} turned away (too many at once). Turned-away deliveries are
              counted, not kept.
            </p>
            {otherProfile && (
              <p className="notice notice--warn" data-testid="receiver-other-profile">
                It verifies with the key of {keyOf ?? 'another profile'}, the profile active when it was
                turned on, and applies deliveries to that profile. Turn it off and on again to receive for the
                active profile.
              </p>
            )}
          </>
        ) : (
          <p>The receiver is off.</p>
        )}
      </div>
      {error && <ErrorNotice title="The receiver was not changed." error={error} />}
    </section>
  );
}
