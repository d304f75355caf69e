import { memo } from 'react';
import { decimalToChartNumber } from '../../lib/chart-number';

const WIDTH = 96;
const HEIGHT = 24;

/** A tiny inline SVG trend: cheaper than a chart library when 500 of them redraw every second. */
export const Sparkline = memo(function Sparkline({
  points,
  label,
}: {
  points: readonly string[];
  label: string;
}) {
  if (points.length < 2)
    return (
      <span className="muted" aria-label={`${label}: not enough data yet`}>
        —
      </span>
    );
  const ys = points.map(decimalToChartNumber);
  const min = Math.min(...ys);
  const span = Math.max(...ys) - min || 1;
  const step = WIDTH / (ys.length - 1);
  const path = ys
    .map((y, i) => `${(i * step).toFixed(1)},${(HEIGHT - 2 - ((y - min) / span) * (HEIGHT - 4)).toFixed(1)}`)
    .join(' ');
  const first = points[0] ?? '';
  const last = points[points.length - 1] ?? '';
  const trend = ys[ys.length - 1]! >= ys[0]! ? 'up' : 'down';
  return (
    <svg
      className={`sparkline sparkline--${trend}`}
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`${label}: ${first} to ${last} USD`}
    >
      <polyline points={path} fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
});
