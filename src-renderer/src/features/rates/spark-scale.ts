/**
 * Sparkline geometry on one shared scale: each line is drawn as percent change from its first point,
 * and the vertical span is never less than MIN_SPAN (2 %). A 0.05 % stablecoin wobble is then a
 * near-flat line while a 5 % drop fills the box — the height of a line says how big the move was.
 */
export const MIN_SPAN = 0.02;

/** y positions in [pad, height - pad] (SVG: down is larger), one per value. */
export function sparkYs(values: readonly number[], height: number, pad = 2, minSpan = MIN_SPAN): number[] {
  const base = values.find((v) => v !== 0) ?? 0;
  if (values.length === 0 || base === 0) return values.map(() => height / 2);
  const rel = values.map((v) => v / base - 1);
  const lo = Math.min(...rel);
  const hi = Math.max(...rel);
  const span = Math.max(hi - lo, minSpan);
  const middle = (hi + lo) / 2;
  const usable = height - 2 * pad;
  return rel.map((r) => height / 2 - ((r - middle) / span) * usable);
}

/** "x,y x,y …" for an SVG polyline across `width`. */
export function sparkPath(values: readonly number[], width: number, height: number): string {
  const ys = sparkYs(values, height);
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  return ys.map((y, i) => `${(i * step).toFixed(1)},${y.toFixed(1)}`).join(' ');
}
