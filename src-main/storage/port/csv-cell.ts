/**
 * One CSV cell. Cells that a spreadsheet would run as a formula (= + - @, or a leading tab/CR) get a
 * leading apostrophe: addresses, order ids and reasons come from outside and must stay plain text.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}
