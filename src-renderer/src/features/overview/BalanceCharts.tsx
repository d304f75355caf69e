import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { memo } from 'react';
import type { BalanceHistory, BalanceRow } from '@contract';
import { decimalToChartNumber } from '../../lib/chart-number';
import { compareDecimal, formatUsd, usdWritten } from '@shared/money/display';
import { formatClock } from '../../lib/time';
import { valuationByCoin } from './balance-fields';
import { historyDomain, historyRange } from './history-scale';

/** An axis tick (a round figure the chart chose) as a USD figure in the Region's form. */
const usdTick = (n: number) => (Number.isFinite(n) ? usdWritten(String(n)) : String(n));

/** Recharts draws its tooltip white with inherited text: in dark mode the label vanished. Theme it. */
const TOOLTIP = {
  contentStyle: {
    background: 'var(--surface)',
    border: '1px solid var(--border)',
    borderRadius: 6,
    color: 'var(--text)',
  },
  labelStyle: { color: 'var(--text)', fontWeight: 600 },
  itemStyle: { color: 'var(--text)' },
  cursor: { fill: 'var(--surface-2)', stroke: 'var(--border)' },
} as const;

/**
 * Loaded lazily: recharts is most of the overview's weight, and the table above already carries every
 * figure, so the charts may arrive a moment later without the user waiting for anything important.
 * Tooltips print the exact decimal string; only bar and line geometry uses floats.
 */
// Memoised: the Overview polls every few seconds, and its store keeps unchanged rows and points as the
// same arrays, so a poll that changed nothing does not draw the charts again.
export const BalanceCharts = memo(function BalanceCharts({
  rows,
  history,
}: {
  rows: readonly BalanceRow[];
  history: BalanceHistory['points'];
}) {
  // Coins worth nothing would be empty bars: the table already lists them behind its toggle.
  const byCoin = valuationByCoin(rows)
    .filter((v) => compareDecimal(v.usd, '0') !== 0)
    .map((v) => ({ ...v, y: decimalToChartNumber(v.usd) }));
  const points = history.map((p) => ({
    ...p,
    label: formatClock(p.at),
    y: decimalToChartNumber(p.totalUsd),
  }));
  const range = historyRange(history.map((p) => p.totalUsd));
  return (
    <div className="charts">
      <figure className="chart" data-testid="valuation-chart">
        <figcaption>USD value by coin, at current rates</figcaption>
        {byCoin.length === 0 ? (
          <p className="muted">No balances to chart.</p>
        ) : (
          <ResponsiveContainer width="100%" height={220}>
            <BarChart data={byCoin} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
              <XAxis dataKey="coin" stroke="var(--text-muted)" />
              <YAxis stroke="var(--text-muted)" width={72} tickFormatter={usdTick} />
              <Tooltip
                {...TOOLTIP}
                formatter={(_v, _n, item) => [formatUsd((item.payload as { usd: string }).usd), 'USD value']}
              />
              <Bar dataKey="y" name="USD" fill="var(--accent)" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        )}
      </figure>
      <figure className="chart" data-testid="history-chart" data-points={points.length}>
        <figcaption>Total USD value over time</figcaption>
        <p className="chart__note muted" data-testid="history-note">
          Your balances valued at each moment’s rates, one point a minute while Merchant Desk is open. It
          rises and falls with prices as well as with deposits and withdrawals, so a move here is not a
          payment: see the journal for money in and out.
        </p>
        {range && points.length >= 2 && (
          <p className="chart__note" data-testid="history-range">
            The axis starts at $0. Lowest {formatUsd(range.low)}, highest {formatUsd(range.high)} over this
            time.
          </p>
        )}
        {points.length < 2 ? (
          <p className="muted">
            The line appears once two snapshots exist; they are kept as balances refresh over time.
            {points[0] && ` First snapshot: ${formatUsd(points[0].totalUsd)} at ${points[0].label}.`}
          </p>
        ) : (
          <ResponsiveContainer width="100%" height={220}>
            <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
              <XAxis dataKey="label" stroke="var(--text-muted)" minTickGap={24} />
              <YAxis
                stroke="var(--text-muted)"
                width={72}
                domain={historyDomain(points.map((p) => p.y))}
                tickFormatter={usdTick}
              />
              <Tooltip
                {...TOOLTIP}
                formatter={(_v, _n, item) => [
                  formatUsd((item.payload as { totalUsd: string }).totalUsd),
                  'Total USD value',
                ]}
              />
              <Line
                type="monotone"
                dataKey="y"
                name="Total"
                stroke="var(--accent)"
                dot={false}
                isAnimationActive={false}
              />
            </LineChart>
          </ResponsiveContainer>
        )}
      </figure>
    </div>
  );
});
