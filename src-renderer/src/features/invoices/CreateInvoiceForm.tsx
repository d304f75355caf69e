import { useMemo, useRef, useState, type FormEvent } from 'react';
import { EnvironmentNote } from '../../components/EnvironmentNote';
import { Field } from '../../components/Field';
import type { MoneyEnvironment } from '../../components/QrCode';
import { formatDecimal, isDecimal } from '../../lib/decimal';
import { useProfileRates } from '../../stores/use-profile-rates';
import { INVOICE_MINIMUM_USD } from '@shared/domain/operations';
import {
  draftToInput,
  FIELD_LABELS,
  newOrderId,
  serverDraftErrors,
  validateDraft,
  type DraftErrors,
  type DraftField,
} from './invoice-draft';
import { payOptions } from './invoice-pairs';
import { ErrorSummary } from '../../components/ErrorSummary';
import { InvoiceOptionFields } from './InvoiceOptionFields';
import { useInvoicesStore } from './invoices-store';

export interface ActiveProfile {
  name: string;
  environment: MoneyEnvironment;
  merchantId: string;
}

const fieldId = (field: DraftField) => `invoice-${field}`;

/**
 * Create an invoice. Checked with main's own schema before anything is sent, every problem at once
 * with focus on the summary; the service's 422 messages land on their fields; what was typed stays
 * after any failure; a second click while one is on its way does nothing.
 */
export function CreateInvoiceForm({ profile }: { profile: ActiveProfile }) {
  const rows = useProfileRates(useInvoicesStore((s) => s.profileId));
  const { pairs, coins } = useMemo(() => payOptions(rows), [rows]);
  const draft = useInvoicesStore((s) => s.draft);
  const setDraft = useInvoicesStore((s) => s.setDraft);
  const creating = useInvoicesStore((s) => s.creating);
  const outcome = useInvoicesStore((s) => s.outcome);
  const create = useInvoicesStore((s) => s.create);
  // After a failed submit the form re-checks as the person types, so a fixed field stops showing its error.
  const [attempted, setAttempted] = useState(false);
  const local: DraftErrors = attempted ? validateDraft(draft) : {};
  const summary = useRef<HTMLDivElement>(null);

  const refusal = outcome?.kind === 'rejected' ? outcome.error : null;
  const server = serverDraftErrors(refusal);
  const duplicate =
    outcome?.kind === 'duplicate' && outcome.orderId === draft.orderId.trim()
      ? 'An invoice with this order ID already exists. Look it up, or use a new order ID.'
      : undefined;
  const errors: DraftErrors = {
    ...server.fields,
    ...(duplicate ? { orderId: duplicate } : {}),
    ...local,
  };
  const focusSummary = () => requestAnimationFrame(() => summary.current?.focus());

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (creating) return;
    const problems = validateDraft(draft);
    setAttempted(true);
    if (Object.keys(problems).length > 0) {
      focusSummary();
      return;
    }
    const result = await create(draftToInput(draft));
    // The next invoice starts clean: its emptied amount is not an error until it is sent.
    if (result?.kind === 'created') setAttempted(false);
    if (result?.kind === 'rejected' && result.error.fieldErrors) focusSummary();
  }

  const amount = draft.amount.trim();
  const label = isDecimal(amount) ? `Create invoice for ${formatDecimal(amount)} USD` : 'Create invoice';
  return (
    <form
      className="form panel invoice-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="invoice-form-title"
      data-testid="invoice-form"
    >
      <h2 id="invoice-form-title">New invoice</h2>
      <p className="muted">
        The customer pays it in crypto (or by card, if allowed) on the service’s checkout page. It expires
        after 24 hours.
      </p>
      <ErrorSummary
        ref={summary}
        id="invoice-error-summary"
        testId="invoice-error-summary"
        errors={{ ...server.fields, ...local }}
        labels={FIELD_LABELS}
        other={refusal ? server.other : []}
        fieldId={fieldId}
        before="sending"
      />
      <div className="invoice-form__order">
        <Field
          id={fieldId('orderId')}
          label="Order ID"
          value={draft.orderId}
          onChange={(e) => setDraft({ orderId: e.target.value })}
          error={errors.orderId}
          hint="Generated for you; replace it with your own order number if you have one. The service accepts each order ID once."
          autoComplete="off"
          spellCheck={false}
          data-testid="invoice-order-id"
        />
        <button type="button" className="button" onClick={() => setDraft({ orderId: newOrderId() })}>
          New order ID
        </button>
      </div>
      <Field
        id={fieldId('amount')}
        label="Amount (USD)"
        value={draft.amount}
        onChange={(e) => setDraft({ amount: e.target.value })}
        error={errors.amount}
        hint={`In US dollars, at least ${INVOICE_MINIMUM_USD} USD, e.g. 25.00.`}
        inputMode="decimal"
        autoComplete="off"
        data-testid="invoice-amount"
      />
      <InvoiceOptionFields
        draft={draft}
        change={setDraft}
        errors={errors}
        fieldId={fieldId}
        pairs={pairs}
        coins={coins}
      />
      <Field
        id={fieldId('successUrl')}
        label="After payment, send the customer to (optional)"
        value={draft.successUrl}
        onChange={(e) => setDraft({ successUrl: e.target.value })}
        error={errors.successUrl}
        inputMode="url"
        placeholder="https://"
        data-testid="invoice-success-url"
      />
      <Field
        id={fieldId('cancelUrl')}
        label="If the customer cancels, send them to (optional)"
        value={draft.cancelUrl}
        onChange={(e) => setDraft({ cancelUrl: e.target.value })}
        error={errors.cancelUrl}
        hint="Redirects are a courtesy to the customer; payment is confirmed only by the invoice’s status."
        inputMode="url"
        placeholder="https://"
        data-testid="invoice-cancel-url"
      />
      <div className="form__actions">
        <button
          type="submit"
          className="button button--primary"
          aria-disabled={creating || undefined}
          data-testid="invoice-create"
        >
          {creating ? 'Creating invoice…' : label}
        </button>
        <EnvironmentNote
          environment={profile.environment}
          profileName={profile.name}
          merchantId={profile.merchantId}
        />
      </div>
    </form>
  );
}
