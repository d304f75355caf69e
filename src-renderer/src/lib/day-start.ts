/**
 * A local calendar day as the moment it starts, in UTC ISO: what main compares created_at with. A
 * value for the wire, never shown, so it stays ISO whatever the Region.
 */
export function dayStart(day: string, plusDays = 0): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays).toISOString();
}
