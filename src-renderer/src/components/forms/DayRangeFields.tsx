import type { ChangeEvent } from 'react';
import { presetDays, presetOf } from '../../lib/day-presets';
import { DayPresets } from './DayPresets';

/** One date input as a filter binds it: its id, value, change and test id. */
interface DayControl {
  id: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  'data-testid'?: string;
}

/**
 * A "from day – to day (included)" pair of filter fields. A reversed range is flagged on both and
 * explained once; the list keeps its previous filter meanwhile (the caller does not send it). With
 * `onPreset`, quick periods (today, yesterday, this month, last month) fill both days at once.
 */
export function DayRangeFields({
  from,
  to,
  badRange,
  onPreset,
}: {
  from: DayControl;
  to: DayControl;
  badRange: boolean;
  onPreset?: (days: { from: string; to: string }) => void;
}) {
  const fieldClass = `field${badRange ? ' field--invalid' : ''}`;
  const rangeId = `${to.id}-range`;
  const now = new Date();
  return (
    <>
      {onPreset && (
        <DayPresets
          active={presetOf({ from: from.value, to: to.value }, now)}
          onPick={(preset) => onPreset(presetDays(preset, new Date()))}
          testId={`${(from['data-testid'] ?? from.id).replace(/-from\w*$/, '')}-presets`}
        />
      )}
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
