/**
 * An absolute moment as finance staff read it (UX rule 7): date, 24-hour time and the time zone,
 * in ISO order so it cannot be misread across locales: "2026-11-23 05:33 UTC".
 * The zone name follows the person's locale ("CET", "GMT+1"); the digits are always Latin.
 */
export function formatZonedDateTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = new Intl.DateTimeFormat(undefined, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
    numberingSystem: 'latn',
    timeZone,
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')} ${part('timeZoneName')}`;
}
