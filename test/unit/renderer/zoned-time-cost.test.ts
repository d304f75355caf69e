import { afterEach, describe, expect, it } from 'vitest';
import { formatZonedDateTime, zonedDateTimeParts } from '@renderer/lib/zoned-time';

const Original = Intl.DateTimeFormat;
afterEach(() => {
  Intl.DateTimeFormat = Original;
});

describe('formatZonedDateTime cost (issue 14: the Journal list formats dozens of times a frame)', () => {
  it('makes a formatter once per time zone, not once per call', () => {
    let made = 0;
    Intl.DateTimeFormat = function (...args: ConstructorParameters<typeof Original>) {
      made++;
      return new Original(...args);
    } as unknown as typeof Intl.DateTimeFormat;
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 0; i < 50; i++)
      formatZonedDateTime(new Date(start + i * 3_600_000).toISOString(), 'Asia/Tokyo');
    for (let i = 0; i < 50; i++) formatZonedDateTime(new Date(start + i * 3_600_000).toISOString(), 'UTC');
    expect(made).toBeLessThanOrEqual(2);
  });

  it('still formats each moment in its own zone', () => {
    expect(formatZonedDateTime('2026-11-22T23:30:00Z', 'UTC')).toBe('2026-11-22 23:30 UTC');
    expect(formatZonedDateTime('2026-11-22T23:30:00Z', 'Asia/Tokyo')).toMatch(/^2026-11-23 08:30 /);
    expect(formatZonedDateTime('not a date', 'UTC')).toBe('not a date');
  });
});

describe('zonedDateTimeParts', () => {
  it('gives the day and the time with its zone apart, which together are the formatted moment', () => {
    expect(zonedDateTimeParts('2026-11-22T23:30:00Z', 'UTC')).toEqual({
      day: '2026-11-22',
      time: '23:30 UTC',
    });
    const tokyo = zonedDateTimeParts('2026-11-22T23:30:00Z', 'Asia/Tokyo')!;
    expect(`${tokyo.day} ${tokyo.time}`).toBe(formatZonedDateTime('2026-11-22T23:30:00Z', 'Asia/Tokyo'));
    expect(zonedDateTimeParts('not a date', 'UTC')).toBeNull();
  });
});
