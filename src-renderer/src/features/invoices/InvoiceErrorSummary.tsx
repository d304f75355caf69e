import type { Ref } from 'react';
import { FIELD_LABELS, type DraftErrors, type DraftField } from './invoice-draft';

/**
 * Every problem of the invoice form in one list, focused after a failed submit so a keyboard or
 * screen-reader user lands on it; each entry links to its field. Messages that name no field of the
 * form (the service's, for a field it knows and we do not) are listed too, never dropped.
 */
export function InvoiceErrorSummary({
  errors,
  other,
  fieldId,
  ref,
}: {
  errors: DraftErrors;
  other: readonly string[];
  fieldId: (field: DraftField) => string;
  ref?: Ref<HTMLDivElement>;
}) {
  const entries = Object.entries(errors) as Array<[DraftField, string]>;
  const count = entries.length + other.length;
  if (count === 0) return null;
  return (
    <div
      ref={ref}
      className="error-summary"
      tabIndex={-1}
      role="group"
      aria-labelledby="invoice-error-summary"
      data-testid="invoice-error-summary"
    >
      <h3 id="invoice-error-summary">
        {count === 1 ? 'Fix 1 problem before sending' : `Fix ${count} problems before sending`}
      </h3>
      <ul>
        {entries.map(([field, message]) => (
          <li key={field}>
            <a
              href={`#${fieldId(field)}`}
              onClick={(e) => {
                e.preventDefault();
                document.getElementById(fieldId(field))?.focus();
              }}
            >
              {FIELD_LABELS[field]}: {message}
            </a>
          </li>
        ))}
        {other.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
