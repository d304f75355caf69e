import { useRef, type Ref } from 'react';
import { countOf } from '../../lib/humanize';

/**
 * Every problem of a form in one list, focused after a failed submit so a keyboard or screen-reader
 * user lands on it; each entry links to its field. Messages that name no field of the form (the
 * service's, for a field it knows and the form does not) are listed too, never dropped.
 */
export function ErrorSummary<F extends string>({
  id,
  errors,
  labels,
  fieldId,
  other = [],
  before,
  testId = 'error-summary',
  ref,
}: {
  /** The heading's id: the group is named by it. */
  id: string;
  errors: Partial<Record<F, string>>;
  labels: Record<F, string>;
  fieldId: (field: F) => string;
  other?: readonly string[];
  /** What the problems block, in words: "saving", "sending". */
  before: string;
  testId?: string;
  ref?: Ref<HTMLDivElement>;
}) {
  const entries = Object.entries(errors).filter(([, message]) => message) as Array<[F, string]>;
  const count = entries.length + other.length;
  if (count === 0) return null;
  return (
    <div
      ref={ref}
      className="error-summary"
      tabIndex={-1}
      role="group"
      aria-labelledby={id}
      data-testid={testId}
    >
      <h3 id={id}>{`Fix ${countOf(count, 'problem')} before ${before}`}</h3>
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
              {labels[field]}: {message}
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

/**
 * The summary's ref, and a call that focuses it once React has drawn it: after a failed submit,
 * focus lands on the list of problems.
 */
export function useSummaryFocus() {
  const ref = useRef<HTMLDivElement>(null);
  const focus = () => requestAnimationFrame(() => ref.current?.focus());
  return { ref, focus };
}
