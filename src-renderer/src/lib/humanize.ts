export { humanizeKey } from '@shared/humanize-key';

/** A JSON leaf as text: strings exactly as written (so "1.5%" stays "1.5%"), booleans in words. */
export function leafText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/** "1 event", "1,204 events": a count with its noun, grouped as the person's locale writes numbers. */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${count.toLocaleString()} ${count === 1 ? noun : plural}`;
}
