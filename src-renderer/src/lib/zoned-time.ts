/**
 * One formatter per time zone, made on first use: creating an Intl.DateTimeFormat costs about half a
 * millisecond, and a scrolled list formats dozens of times a frame (the Journal list made one per row
 * per render). The locale is the person's, read once; a change of locale needs a restart anyway.
 */
const formats = new Map<string | undefined, Intl.DateTimeFormat>();

function zonedFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
      numberingSystem: 'latn',
      timeZone,
    });
    formats.set(timeZone, format);
  }
  return format;
}

/**
 * An absolute moment as finance staff read it (UX rule 7): date, 24-hour time and the time zone,
 * in ISO order so it cannot be misread across locales: "2026-11-23 05:33 UTC".
 * The zone name follows the person's locale ("CET", "GMT+1"); the digits are always Latin.
 */
export function formatZonedDateTime(iso: string, timeZone?: string): string {
  const parts = zonedDateTimeParts(iso, timeZone);
  return parts ? `${parts.day} ${parts.time}` : iso;
}

/**
 * The same moment as its day ("2026-11-23") and its time with the zone ("05:33 UTC"), for a narrow
 * column that shows them on two lines rather than breaking the date at a hyphen. Null for a string
 * that is not a moment.
 */
export function zonedDateTimeParts(iso: string, timeZone?: string): { day: string; time: string } | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const parts = zonedFormat(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    day: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')} ${part('timeZoneName')}`,
  };
}
