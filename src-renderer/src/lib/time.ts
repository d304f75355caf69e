/** Local wall-clock time for "last refreshed" labels; the ISO value goes in a <time> element beside it. */
export function formatClock(iso: string | null | undefined): string {
  if (!iso) return 'never';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** Seconds with a sign, for clock skew: "+72 s", "-3 s". */
export function formatOffset(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return `${seconds > 0 ? '+' : ''}${seconds} s`;
}
