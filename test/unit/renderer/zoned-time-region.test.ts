import { afterEach, describe, expect, it } from 'vitest';
import { setDisplayRegion } from '@shared/money/region';
import {
  formatTimeOfDay,
  formatZonedDateTime,
  formatZonedDateTimeToSecond,
  zonedDateTimeParts,
} from '@renderer/lib/zoned-time';
import { formatClock } from '@renderer/lib/time';
import { timeToSecond } from '@renderer/features/journal/journal-words';

const AT = '2026-11-23T17:05:09.000Z';

afterEach(() => setDisplayRegion(null));

describe('dates on screen follow the Region through Intl (issue 29; UX rule 7)', () => {
  it('without a Region: the neutral ISO order, 24-hour, with the zone', () => {
    expect(formatZonedDateTime(AT, 'UTC')).toBe('2026-11-23 17:05 UTC');
    expect(formatZonedDateTimeToSecond(AT, 'UTC')).toBe('2026-11-23 17:05:09 UTC');
  });

  it.each([
    ['en-US', '11/23/2026 17:05 UTC', '11/23/2026'],
    ['de-DE', '23.11.2026 17:05 UTC', '23.11.2026'],
    ['ja-JP', '2026/11/23 17:05 UTC', '2026/11/23'],
  ])('%s: the date in its own order, the time 24-hour, the zone named', (region, whole, day) => {
    setDisplayRegion(region);
    expect(formatZonedDateTime(AT, 'UTC')).toBe(whole);
    expect(zonedDateTimeParts(AT, 'UTC')).toEqual({ day, time: '17:05 UTC' });
    expect(formatZonedDateTimeToSecond(AT, 'UTC')).toBe(whole.replace('17:05', '17:05:09'));
    expect(formatZonedDateTime(AT, 'UTC')).not.toMatch(/AM|PM|午後/);
  });

  it('every screen formatter goes through it: the history, the clock, a time of day', () => {
    setDisplayRegion('de-DE');
    expect(timeToSecond(AT)).toBe(formatZonedDateTimeToSecond(AT));
    expect(timeToSecond(AT)).toMatch(/^23\.11\.2026 \d\d:05:09 \S+/);
    expect(formatClock(AT)).toBe(formatTimeOfDay(AT, 'second'));
    expect(formatClock(AT)).toMatch(/^\d\d:05:09$/);
    // A new Region is followed from the next draw, not only on restart.
    setDisplayRegion('ja-JP');
    expect(timeToSecond(AT)).toMatch(/^2026\/11\/23 /);
  });

  it('a string that is not a moment is shown as it is, whatever the Region', () => {
    setDisplayRegion('ja-JP');
    expect(formatZonedDateTime('not a date', 'UTC')).toBe('not a date');
    expect(formatTimeOfDay('not a date')).toBe('not a date');
    expect(formatClock(null)).toBe('never');
  });
});
