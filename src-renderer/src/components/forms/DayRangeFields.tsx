import type { ChangeEvent } from 'react';

/** One date input as a filter binds it: its id, value, change and test id. */
interface DayControl {
  id: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  'data-testid'?: string;
}

/**
 * A "from day – to day (included)" pair of filter fields. A reversed range is flagged on both and
 * explained once; the list keeps its previous filter meanwhile (the caller does not send it).
 */
export function DayRangeFields({
  from,
  to,
  badRange,
}: {
  from: DayControl;
  to: DayControl;
  badRange: boolean;
}) {
  const fieldClass = `field${badRange ? ' field--invalid' : ''}`;
  const rangeId = `${to.id}-range`;
  return (
    <>
      <div className={fieldClass}>
        <label htmlFor={from.id}>From (day)</label>
        <input type="date" {...from} />
      </div>
      <div className={fieldClass}>
        <label htmlFor={to.id}>To (day, included)</label>
        <input
          type="date"
          {...to}
          aria-invalid={badRange ? true : undefined}
          aria-describedby={badRange ? rangeId : undefined}
        />
        {badRange && (
          <p id={rangeId} className="field__error" role="alert">
            The last day is before the first; the list still shows the previous filter.
          </p>
        )}
      </div>
    </>
  );
}
