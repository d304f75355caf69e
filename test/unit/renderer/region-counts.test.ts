import { afterEach, describe, expect, it } from 'vitest';
import { setDisplayRegion } from '@shared/money/region';
import { countOf, formatCount } from '@renderer/lib/humanize';
import { countWords } from '@renderer/features/journal/journal-words';

afterEach(() => setDisplayRegion(null));

describe('counts on screen follow the Region, as amounts do (issue 29)', () => {
  it('groups a count as the Region writes numbers, not as the browser does', () => {
    expect(countOf(1204, 'event')).toBe('1,204 events');
    setDisplayRegion('de-DE');
    expect(countOf(1204, 'event')).toBe('1.204 events');
    expect(countOf(1, 'event')).toBe('1 event');
    expect(countWords(1100, true)).toBe('more than 1.100');
    setDisplayRegion('en-IN');
    expect(formatCount(1234567)).toBe('12,34,567');
  });

  it('shows a number that is not a whole count as it is', () => {
    setDisplayRegion('de-DE');
    expect(formatCount(Number.NaN)).toBe('NaN');
    expect(formatCount(2.5)).toBe('2.5');
  });
});
