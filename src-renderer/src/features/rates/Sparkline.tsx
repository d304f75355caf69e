import { memo } from 'react';
import { decimalToChartNumber } from '../../lib/chart-number';
import { percentChange } from '@shared/money/display';
import { formatPrice } from '../../lib/price-format';
import { sparkPath } from './spark-scale';

const WIDTH = 96;
const HEIGHT = 24;

/**
 * A tiny inline SVG trend: cheaper than a chart library when 500 of them redraw every second. All
 * lines share one percent scale (spark-scale.ts), so a small wobble looks small.
 */
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
  const first = points[0] ?? null;
  const last = points[points.length - 1] ?? null;
  const change = percentChange(last, first);
  const trend =
    change === null || /^[+-]?0(\.0+)?$/.test(change) ? 'flat' : change.startsWith('-') ? 'down' : 'up';
  return (
    <svg
      className={`sparkline sparkline--${trend}`}
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`${label}: ${formatPrice(first)} to ${formatPrice(last)}${change ? ` (${change} %)` : ''}`}
    >
      <polyline
        points={sparkPath(points.map(decimalToChartNumber), WIDTH, HEIGHT)}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      />
    </svg>
  );
});
