import { displayRegion } from '@shared/money/region';

/**
 * The one formatter of dates and times on screen (issue 29): through Intl, in the person's Region
 * (Settings → Region, the same one numbers follow: @shared/money/region), with 24-hour time and the
 * time zone (UX rule 7). Stored values, exports and API bodies never pass through here: they stay
 * ISO 8601. Without a Region, the neutral form: the date in ISO order ("2026-11-23 05:33 UTC"), so it
 * cannot be misread across locales. The digits are always Latin.
 */
type Grain = 'minute' | 'second';
interface Shape {
  date: boolean;
  grain: Grain;
  zone: boolean;
}

/**
 * One formatter per Region, shape and time zone, made on first use: creating an Intl.DateTimeFormat
 * costs about half a millisecond, and a scrolled list formats dozens of times a frame (the Journal
 * list made one per row per render). A new Region makes new ones; the old stay cached, few as they are.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(shape: Shape, timeZone: string | undefined): Intl.DateTimeFormat {
  const region = displayRegion();
  const key = `${region ?? ''}|${shape.date}|${shape.grain}|${shape.zone}|${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(region ?? undefined, {
      ...(shape.date ? { year: 'numeric', month: '2-digit', day: '2-digit' } : {}),
      hour: '2-digit',
      minute: '2-digit',
      ...(shape.grain === 'second' ? { second: '2-digit' } : {}),
      hourCycle: 'h23',
      ...(shape.zone ? { timeZoneName: 'short' } : {}),
      numberingSystem: 'latn',
      timeZone,
    });
    formats.set(key, format);
  }
  return format;
}

const DATE_PARTS: ReadonlySet<string> = new Set(['year', 'month', 'day']);
const TIME_PARTS: ReadonlySet<string> = new Set(['hour', 'minute', 'second']);

/** The run of parts from the first of `types` to the last, with the separators the Region puts between. */
function run(parts: readonly Intl.DateTimeFormatPart[], types: ReadonlySet<string>): string {
  const first = parts.findIndex((p) => types.has(p.type));
  const last = parts.findLastIndex((p) => types.has(p.type));
  return first < 0
    ? ''
    : parts
        .slice(first, last + 1)
        .map((p) => p.value)
        .join('');
}

function partsOf(iso: string, grain: Grain, timeZone: string | undefined) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const parts = formatFor({ date: true, grain, zone: true }, timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const day =
    displayRegion() === null ? `${part('year')}-${part('month')}-${part('day')}` : run(parts, DATE_PARTS);
  return { day, time: `${run(parts, TIME_PARTS)} ${part('timeZoneName')}` };
}

/**
 * An absolute moment as finance staff read it (UX rule 7): date, 24-hour time and the time zone, in
 * the Region's order ("11/23/2026 05:33 UTC", "23.11.2026 05:33 UTC", "2026/11/23 05:33 UTC").
 */
export function formatZonedDateTime(iso: string, timeZone?: string): string {
  const parts = partsOf(iso, 'minute', timeZone);
  return parts ? `${parts.day} ${parts.time}` : iso;
}

/** The same to the second, for histories where events a second apart must read apart. */
export function formatZonedDateTimeToSecond(iso: string, timeZone?: string): string {
  const parts = partsOf(iso, 'second', timeZone);
  return parts ? `${parts.day} ${parts.time}` : iso;
}

/**
 * The same moment as its day and its time with the zone ("05:33 UTC"), for a narrow column that
 * shows them on two lines rather than breaking the date at a separator. Null for a string that is not
 * a moment.
 */
export function zonedDateTimeParts(iso: string, timeZone?: string): { day: string; time: string } | null {
  return partsOf(iso, 'minute', timeZone);
}

/**
 * A time of day alone, for labels beside a date already shown or an age ("as of 10:42 (3 min ago)",
 * "refreshed 20:06:20"): 24-hour, in the Region's form. The input itself when it is not a time.
 */
export function formatTimeOfDay(iso: string, grain: Grain = 'minute'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatFor({ date: false, grain, zone: false }, undefined).format(date);
}
