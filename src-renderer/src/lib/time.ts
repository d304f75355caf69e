import { formatTimeOfDay } from './zoned-time';

/**
 * Local wall-clock time for "last refreshed" labels, 24-hour as every other time the app shows (UX
 * rule 7): "20:06:20" beside "rate at 20:06", never "08:06:20 PM". The ISO value goes in a <time>
 * element beside it.
 */
export function formatClock(iso: string | null | undefined): string {
  return iso ? formatTimeOfDay(iso, 'second') : 'never';
}

/** Seconds with a sign, for clock skew: "+72 s", "-3 s". */
export function formatOffset(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return `${seconds > 0 ? '+' : ''}${seconds} s`;
}
