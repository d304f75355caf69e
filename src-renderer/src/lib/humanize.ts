import { formatDecimal } from '@shared/money/display';

export { humanizeKey } from '@shared/humanize-key';

/** A JSON leaf as text: strings exactly as written (so "1.5%" stays "1.5%"), booleans in words. */
export function leafText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/**
 * A count as the Region writes numbers ("1,204", "1.204"), through the same formatter as amounts
 * (@shared/money/region), not the browser's locale.
 */
export const formatCount = (count: number): string =>
  Number.isSafeInteger(count) ? formatDecimal(String(count)) : String(count);

/** "1 event", "1,204 events": a count with its noun, grouped as the Region writes numbers. */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${formatCount(count)} ${count === 1 ? noun : plural}`;
}
