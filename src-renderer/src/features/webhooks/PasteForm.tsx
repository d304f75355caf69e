import { useState, type FormEvent } from 'react';
import { useFocusOnArrival } from '../../lib/use-focus-on-arrival';
import { bindValue, EXACT_TEXT } from '../../components/forms/bind';
import { Field, TextAreaField } from '../../components/forms/Field';
import { ProfileNote, type MoneyProfile } from '../../components/forms/FormActions';
import { ErrorNotice } from '../../components/StateViews';
import { DeliveryCard } from './DeliveryCard';
import { useWebhooksStore } from './webhooks-store';

interface PasteFormProps {
  profile: MoneyProfile;
}

/** One delivery pasted as it arrived: verified with the active profile's key, then applied once. */
export function PasteForm({ profile }: PasteFormProps) {
  const paste = useWebhooksStore((s) => s.paste);
  const pasting = useWebhooksStore((s) => s.pasting);
  const pasted = useWebhooksStore((s) => s.pasted);
  const clearPasted = useWebhooksStore((s) => s.clearPasted);
  const [body, setBody] = useState('');
  const [signature, setSignature] = useState('');
  const [missing, setMissing] = useState<{ body?: string; signature?: string }>({});
  const result = useFocusOnArrival(pasted);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errors = {
      ...(body === '' ? { body: 'Paste the raw body exactly as it was received.' } : {}),
      ...(signature.trim() === '' ? { signature: 'Paste the X-Signature header value.' } : {}),
    };
    setMissing(errors);
    if (Object.keys(errors).length === 0) void paste(body, signature);
    else clearPasted();
  };

  return (
    <section className="panel webhooks__paste" aria-labelledby="webhooks-paste-title">
      <h2 id="webhooks-paste-title">Paste a delivery</h2>
      <form className="form webhook-form" onSubmit={submit} noValidate aria-busy={pasting}>
        <p className="muted">
          The body must be the exact bytes received: the signature covers them byte for byte. It is checked
          with the key of the active profile.
        </p>
        <TextAreaField
          id="webhook-body"
          label="Raw body"
          rows={6}
          spellCheck={false}
          className="mono"
          {...bindValue(body, setBody)}
          error={missing.body}
        />
        <Field
          id="webhook-signature"
          label="X-Signature"
          className="mono"
          {...EXACT_TEXT}
          {...bindValue(signature, setSignature)}
          error={missing.signature}
          hint="64 hexadecimal characters, from the X-Signature header."
        />
        <ProfileNote profile={profile} />
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={pasting}>
            {pasting ? 'Verifying…' : 'Verify and apply'}
          </button>
        </div>
      </form>
      <div ref={result} tabIndex={-1} data-testid="paste-result" className="webhooks__result">
        {pasted && !pasted.ok && (
          <ErrorNotice
            title="The delivery was not checked."
            error={pasted.error}
            sent="Nothing was changed."
          />
        )}
        {pasted?.ok && <DeliveryCard delivery={pasted.data} as="div" />}
      </div>
    </section>
  );
}
