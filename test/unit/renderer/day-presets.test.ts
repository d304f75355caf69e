import { describe, expect, it } from 'vitest';
import { presetDays, presetOf, shiftDay } from '@renderer/lib/day-presets';

// Every date here is built from local parts: the presets are days of this computer's calendar.
describe('quick periods in local days', () => {
  it('today, yesterday, this month (to today) and last month, mid-month', () => {
    const now = new Date(2026, 10, 26, 9, 15);
    expect(presetDays('today', now)).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(presetDays('yesterday', now)).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(presetDays('this-month', now)).toEqual({ from: '2026-11-01', to: '2026-11-26' });
    expect(presetDays('last-month', now)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
  });

  it('crosses a year and a month end: 1 January, just after midnight', () => {
    const now = new Date(2027, 0, 1, 0, 5);
    expect(presetDays('yesterday', now)).toEqual({ from: '2026-12-31', to: '2026-12-31' });
    expect(presetDays('last-month', now)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(presetDays('this-month', now)).toEqual({ from: '2027-01-01', to: '2027-01-01' });
    // Last month of a leap year's March is a 29-day February.
    expect(presetDays('last-month', new Date(2028, 2, 10))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('names the preset a range is, and no other', () => {
    const now = new Date(2026, 10, 26, 9, 15);
    expect(presetOf({ from: '2026-10-01', to: '2026-10-31' }, now)).toBe('last-month');
    expect(presetOf({ from: '2026-10-01', to: '2026-10-30' }, now)).toBeNull();
    expect(presetOf({ from: '', to: '' }, now)).toBeNull();
    expect(shiftDay('2026-10-31', 1)).toBe('2026-11-01');
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
  });
});
