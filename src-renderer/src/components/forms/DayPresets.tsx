import './forms.css';
import { DAY_PRESETS, DAY_PRESET_WORDS, type DayPreset } from '../../lib/day-presets';

/**
 * Quick periods beside a date range: one click fills both ends. The one the range now is shows as
 * pressed, so a person can tell "this month" from a hand-typed range that happens to start on the 1st.
 */
export function DayPresets({
  active,
  onPick,
  testId,
}: {
  active: DayPreset | null;
  onPick: (preset: DayPreset) => void;
  testId: string;
}) {
  return (
    <div className="day-presets" role="group" aria-label="Quick periods" data-testid={testId}>
      {DAY_PRESETS.map((preset) => (
        <button
          key={preset}
          type="button"
          className="button"
          aria-pressed={active === preset}
          onClick={() => onPick(preset)}
          data-testid={`${testId}-${preset}`}
        >
          {DAY_PRESET_WORDS[preset]}
        </button>
      ))}
    </div>
  );
}
