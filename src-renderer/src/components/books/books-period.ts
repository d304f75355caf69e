const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MS_PER_DAY = 86_400_000;

/**
 * The previous calendar month in UTC days, as the date inputs hold them ("2026-10-01"). Stays ISO,
 * whatever the Region: <input type="date"> takes and gives YYYY-MM-DD (the browser shows it in its
 * own form), and main reads the period in ISO.
 */
export function lastMonthDays(now: Date): { from: string; to: string } {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/**
 * UTC days, the last included, as the period main reads: from the first day's midnight to the
 * midnight after the last. Null for a day missing or a reversed range.
 */
export function booksPeriod(fromDay: string, toDay: string): { from: string; to: string } | null {
  if (!DAY.test(fromDay) || !DAY.test(toDay)) return null;
  const from = Date.parse(`${fromDay}T00:00:00Z`);
  const to = Date.parse(`${toDay}T00:00:00Z`) + MS_PER_DAY;
  if (Number.isNaN(from) || Number.isNaN(to) || to <= from) return null;
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}
