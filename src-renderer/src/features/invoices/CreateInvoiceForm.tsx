import { useMemo, useState } from 'react';
import { bindDraft, DECIMAL_TEXT, EXACT_TEXT, URL_TEXT } from '../../components/forms/bind';
import { Field } from '../../components/forms/Field';
import { MoneySubmit, type MoneyProfile } from '../../components/forms/FormActions';
import { FormPanel } from '../../components/forms/FormPanel';
import { formatDecimal } from '@shared/money/display';
import { useProfileRates } from '../../stores/use-profile-rates';
import { INVOICE_MINIMUM_USD } from '@shared/domain/operations';
import {
  draftToInput,
  FIELD_LABELS,
  newOrderId,
  sendableAmount,
  serverDraftErrors,
  validateDraft,
  type DraftErrors,
  fieldId,
} from './invoice-draft';
import { payOptions } from './invoice-pairs';
import { ErrorSummary, useSummaryFocus } from '../../components/forms/ErrorSummary';
import { InvoiceOptionFields } from './InvoiceOptionFields';
import { useInvoicesStore } from './invoices-store';

/**
 * Create an invoice. Checked with main's own schema before anything is sent, every problem at once
 * with focus on the summary; the service's 422 messages land on their fields; what was typed stays
 * after any failure; a second click while one is on its way does nothing.
 */
export function CreateInvoiceForm({ profile }: { profile: MoneyProfile }) {
  const rows = useProfileRates(useInvoicesStore((s) => s.profileId));
  const { pairs, coins } = useMemo(() => payOptions(rows), [rows]);
  const draft = useInvoicesStore((s) => s.draft);
  const setDraft = useInvoicesStore((s) => s.setDraft);
  const creating = useInvoicesStore((s) => s.creating);
  const outcome = useInvoicesStore((s) => s.outcome);
  const create = useInvoicesStore((s) => s.create);
  const clearOutcome = useInvoicesStore((s) => s.clearOutcome);
  // After a failed submit the form re-checks as the person types, so a fixed field stops showing its error.
  const [attempted, setAttempted] = useState(false);
  const local: DraftErrors = attempted ? validateDraft(draft) : {};
  const summary = useSummaryFocus();

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
  // The typed fields; the options are InvoiceOptionFields'.
  const field = bindDraft<'orderId' | 'amount' | 'successUrl' | 'cancelUrl'>(
    draft,
    (name, value) => setDraft({ [name]: value }),
    errors,
    fieldId,
  );

  async function submit() {
    if (creating) return;
    const problems = validateDraft(draft);
    setAttempted(true);
    if (Object.keys(problems).length > 0) {
      // The last invoice's panel must not stand beside this attempt's errors as if it were its answer.
      clearOutcome();
      summary.focus();
      return;
    }
    const result = await create(draftToInput(draft));
    // The next invoice starts clean: its emptied amount is not an error until it is sent.
    if (result?.kind === 'created') setAttempted(false);
    if (result?.kind === 'rejected' && result.error.fieldErrors) summary.focus();
  }

  // Named only once it would be sent as it is: never "-5 USD", never a pasted page of digits.
  const amount = sendableAmount(draft);
  const label = amount ? `Create invoice for ${formatDecimal(amount)} USD` : 'Create invoice';
  return (
    <FormPanel
      title="New invoice"
      titleId="invoice-form-title"
      intro="The customer pays it in crypto (or by card, if allowed) on the service’s checkout page. It expires after 24 hours."
      onSubmit={submit}
      className="form panel invoice-form"
      testId="invoice-form"
    >
      <ErrorSummary
        ref={summary.ref}
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
          {...field('orderId')}
          label="Order ID"
          hint="Generated for you; replace it with your own order number if you have one. The service accepts each order ID once."
          {...EXACT_TEXT}
          data-testid="invoice-order-id"
        />
        <button type="button" className="button" onClick={() => setDraft({ orderId: newOrderId() })}>
          New order ID
        </button>
      </div>
      <Field
        {...field('amount')}
        label="Amount (USD)"
        hint={`In US dollars, at least ${INVOICE_MINIMUM_USD} USD, e.g. 25.00.`}
        {...DECIMAL_TEXT}
        data-testid="invoice-amount"
      />
      <InvoiceOptionFields draft={draft} change={setDraft} errors={errors} pairs={pairs} coins={coins} />
      <Field
        {...field('successUrl')}
        label="After payment, send the customer to (optional)"
        {...URL_TEXT}
        data-testid="invoice-success-url"
      />
      <Field
        {...field('cancelUrl')}
        label="If the customer cancels, send them to (optional)"
        hint="Redirects are a courtesy to the customer; payment is confirmed only by the invoice’s status."
        {...URL_TEXT}
        data-testid="invoice-cancel-url"
      />
      <MoneySubmit profile={profile} busy={creating} busyText="Creating invoice…" testId="invoice-create">
        {label}
      </MoneySubmit>
    </FormPanel>
  );
}
