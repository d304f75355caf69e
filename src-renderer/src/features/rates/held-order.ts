/**
 * Rows keep the order they had while the person is pointing at or focused in the list (UX rule 10):
 * fresh figures are swapped in place, rows that disappeared are dropped, and new rows are added at the
 * end. Linear in the number of rows.
 */
export function holdOrder<T extends { symbol: string }>(shown: readonly T[], next: readonly T[]): T[] {
  const latest = new Map(next.map((row) => [row.symbol, row]));
  const kept: T[] = [];
  for (const row of shown) {
    const fresh = latest.get(row.symbol);
    if (fresh) {
      kept.push(fresh);
      latest.delete(row.symbol);
    }
  }
  return [...kept, ...latest.values()];
}
