import { formatTimeOfDay } from './zoned-time';

/** "just now", "3 min ago", "2 h ago", "3 days ago": how old a figure is, in words. */
export function formatAge(ms: number): string {
  if (!Number.isFinite(ms) || ms < 60_000) return 'just now';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/** Local 24-hour "10:42" for an ISO time, in the Region's form; the input itself when it is not a time. */
export const formatHourMinute = (iso: string): string => formatTimeOfDay(iso);

/** "as of 10:42 (3 min ago)" — the time a figure was true, and how long ago that was. */
export function formatAsOf(iso: string | null, now: number): string {
  if (!iso) return 'not received yet';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return `as of ${iso}`;
  return `as of ${formatHourMinute(iso)} (${formatAge(now - time)})`;
}
