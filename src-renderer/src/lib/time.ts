/** Local wall-clock time for "last refreshed" labels; the ISO value goes in a <time> element beside it. */
export function formatClock(iso: string | null | undefined): string {
  if (!iso) return 'never';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return clockFormat().format(date);
}

// toLocaleTimeString builds a formatter (loading the locale's data) on every call: tens of ms on the
// first screen. One formatter, made on first use, says the same. 24-hour, as every other time the
// app shows (UX rule 7): "20:06:20" beside "rate at 20:06", never "08:06:20 PM".
let clock: Intl.DateTimeFormat | undefined;
const clockFormat = () =>
  (clock ??= new Intl.DateTimeFormat(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }));

/** Seconds with a sign, for clock skew: "+72 s", "-3 s". */
export function formatOffset(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return `${seconds > 0 ? '+' : ''}${seconds} s`;
}
