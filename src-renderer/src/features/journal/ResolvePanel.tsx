import { useId, useRef, useState } from 'react';
import type { JournalEntryDetails } from '@contract';
import { ErrorNotice } from '../../components/StateViews';
import { useJournalStore } from './journal-store';
import { bindValue } from '../../components/forms/bind';
import { Field, TextAreaField } from '../../components/forms/Field';
import { BusyButton } from '../../components/forms/SubmitButton';

const NOTHING_CHANGED = 'The entry was not changed: it is still unknown.';

/** A person's decision: done or not done, why (what they checked), and who they are. */
function PersonDecision() {
  const resolve = useJournalStore((s) => s.resolveByPerson);
  const busy = useJournalStore((s) => s.resolving.busy);
  const [performed, setPerformed] = useState<'' | 'yes' | 'no'>('');
  const [reason, setReason] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = useId();
  const refs = {
    performed: useRef<HTMLInputElement>(null),
    reason: useRef<HTMLTextAreaElement>(null),
    name: useRef<HTMLInputElement>(null),
  };

  const submit = () => {
    const found: Record<string, string> = {};
    if (!performed) found.performed = 'Choose whether it was done.';
    if (reason.trim().length < 3) found.reason = 'Say how you know, for example what you checked and where.';
    if (!name.trim()) found.name = 'Say who is deciding: your name is recorded with the decision.';
    setErrors(found);
    const firstBad = (['performed', 'reason', 'name'] as const).find((k) => found[k]);
    if (firstBad) return refs[firstBad].current?.focus();
    void resolve({ performed: performed === 'yes', reason: reason.trim(), name: name.trim() });
  };

  return (
    <form
      className="journal-decision"
      aria-labelledby={`${id}-title`}
      data-testid="journal-decision"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h4 id={`${id}-title`}>Decide it yourself</h4>
      <fieldset aria-describedby={errors.performed ? `${id}-performed-error` : undefined}>
        <legend>What happened?</legend>
        <label>
          <input
            ref={refs.performed}
            type="radio"
            name={`${id}-performed`}
            checked={performed === 'yes'}
            onChange={() => setPerformed('yes')}
          />{' '}
          It was done (the service performed it)
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-performed`}
            checked={performed === 'no'}
            onChange={() => setPerformed('no')}
          />{' '}
          It was not done
        </label>
        {errors.performed && (
          <p id={`${id}-performed-error`} className="field__error">
            {errors.performed}
          </p>
        )}
      </fieldset>
      <TextAreaField
        ref={refs.reason}
        id={`${id}-reason`}
        label="Why — what you checked"
        rows={3}
        maxLength={1000}
        {...bindValue(reason, setReason)}
        error={errors.reason}
        data-testid="journal-decision-reason"
      />
      <Field
        ref={refs.name}
        id={`${id}-name`}
        label="Your name"
        {...bindValue(name, setName)}
        maxLength={100}
        autoComplete="name"
        error={errors.name}
        data-testid="journal-decision-name"
      />
      <BusyButton busy={busy} busyText="Recording…" testId="journal-decision-submit">
        {performed === 'no' ? 'Record as not done' : 'Record as done'}
      </BusyButton>
    </form>
  );
}

/**
 * An unknown outcome (UX rule 5): amber and in words, what evidence exists, one click where it
 * does, otherwise a person's decision with a reason. Nothing here sends the operation again, except
 * the invoice check, which says so before it is pressed.
 */
export function ResolvePanel({ details }: { details: JournalEntryDetails }) {
  const { evidence, entry } = details;
  const byEvidence = useJournalStore((s) => s.resolveByEvidence);
  const checkInvoice = useJournalStore((s) => s.checkInvoice);
  const resolving = useJournalStore((s) => s.resolving);
  const none = evidence.webhooks.length === 0 && !evidence.invoiceCheck;
  return (
    <section
      className="notice notice--unknown journal-resolve"
      aria-labelledby="journal-resolve-title"
      data-testid="journal-resolve"
    >
      <h3 id="journal-resolve-title" className="notice__title">
        <span aria-hidden="true">? </span>We don’t know whether this was done. Do not send it again.
      </h3>
      <p>
        The answer never arrived. Merchant Desk does not retry it; it waits for evidence or for your decision.
      </p>
      <h4>Evidence</h4>
      {none && (
        <p data-testid="journal-no-evidence">
          No evidence has arrived: no verified webhook describes this entry
          {entry.operation === 'createWalletAddress' ? ', and wallet creation sends none' : ''}. Check with
          the service (its dashboard or support), then decide below.
        </p>
      )}
      {evidence.webhooks.map((w) => (
        <div key={w.deliveryId} className="journal-evidence" data-testid="journal-evidence-webhook">
          <p>{w.summary}</p>
          <button
            type="button"
            className="button"
            disabled={resolving.busy}
            onClick={() => void byEvidence(w.deliveryId)}
          >
            Resolve as done by this webhook
          </button>
        </div>
      ))}
      {evidence.invoiceCheck && (
        <div className="journal-evidence">
          <p>
            Ask the service by order id: the same order is sent again. If it exists, the service refuses it
            (409) and this entry is resolved as done; if it did not exist, it is created now and this entry is
            resolved as not done.
          </p>
          <button
            type="button"
            className="button"
            disabled={resolving.busy}
            onClick={() => void checkInvoice()}
            data-testid="journal-check-invoice"
          >
            Check by order id
          </button>
        </div>
      )}
      {resolving.error && (
        <ErrorNotice title="The decision was not recorded." error={resolving.error} sent={NOTHING_CHANGED} />
      )}
      <PersonDecision />
    </section>
  );
}
