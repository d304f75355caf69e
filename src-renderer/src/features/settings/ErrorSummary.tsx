import type { Ref } from 'react';
import { FIELD_LABELS, type DraftErrors, type DraftField } from './profile-draft';

/**
 * Every problem of a form in one list, focused after a failed save so a keyboard or screen-reader
 * user lands on it; each entry links to its field.
 */
export function ErrorSummary({
  errors,
  fieldId,
  title,
  ref,
}: {
  errors: DraftErrors;
  fieldId: (field: DraftField) => string;
  title?: string;
  ref?: Ref<HTMLDivElement>;
}) {
  const entries = Object.entries(errors) as Array<[DraftField, string]>;
  if (entries.length === 0) return null;
  return (
    <div
      ref={ref}
      className="error-summary"
      tabIndex={-1}
      role="group"
      aria-labelledby={`${fieldId('name')}-summary`}
      data-testid="error-summary"
    >
      <h3 id={`${fieldId('name')}-summary`}>
        {title ??
          (entries.length === 1
            ? 'Fix 1 problem before saving'
            : `Fix ${entries.length} problems before saving`)}
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
      </ul>
    </div>
  );
}
