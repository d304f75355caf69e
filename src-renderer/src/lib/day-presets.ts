/** The quick periods a finance user asks for most, in this computer's time zone. */
export const DAY_PRESETS = ['today', 'yesterday', 'this-month', 'last-month'] as const;
export type DayPreset = (typeof DAY_PRESETS)[number];

export const DAY_PRESET_WORDS: Record<DayPreset, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  'this-month': 'This month',
  'last-month': 'Last month',
};

/**
 * A local calendar day as the date inputs write it (YYYY-MM-DD): ISO whatever the Region, since an
 * <input type="date"> value is always that form (the browser shows it in its own).
 */
export function localDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The first and last local day (both included) of a preset, as of `now`. "This month" ends today:
 * nothing after now has happened. Dates are built from local parts, so a month boundary or a clock
 * change is the computer's own, and the caller turns days into UTC bounds as it always does.
 */
export function presetDays(preset: DayPreset, now: Date): { from: string; to: string } {
  const y = now.getFullYear();
  const m = now.getMonth();
  const d = now.getDate();
  switch (preset) {
    case 'today':
      return { from: localDay(now), to: localDay(now) };
    case 'yesterday': {
      const day = localDay(new Date(y, m, d - 1));
      return { from: day, to: day };
    }
    case 'this-month':
      return { from: localDay(new Date(y, m, 1)), to: localDay(now) };
    case 'last-month':
      return { from: localDay(new Date(y, m - 1, 1)), to: localDay(new Date(y, m, 0)) };
  }
}

/** Which preset a day range is exactly, as of `now` (null for any other range). */
export function presetOf(range: { from: string; to: string }, now: Date): DayPreset | null {
  return (
    DAY_PRESETS.find((p) => {
      const days = presetDays(p, now);
      return days.from === range.from && days.to === range.to;
    }) ?? null
  );
}

/** The local day `n` days after `day` (before, when negative). */
export function shiftDay(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return localDay(new Date(y, m - 1, d + n));
}
