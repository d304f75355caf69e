import { memo } from 'react';
import { formatDecimal } from '@shared/money/display';
import { formatPrice } from '../../lib/price-format';
import { Money } from '../../components/Money';
import { PairsTable } from './PairsTable';
import { matchedNetworks, type RateView } from '../../stores/rate-view';
import { useRatesStore } from '../../stores/rates-store';
import { Sparkline } from './Sparkline';

export const RATE_COLUMNS = 7;

function Change({ value }: { value: string | null }) {
  if (value === null) return <span className="muted">—</span>;
  const direction = value.startsWith('+') ? 'up' : value.startsWith('-') ? 'down' : 'flat';
  const arrow = direction === 'up' ? '▲' : direction === 'down' ? '▼' : '';
  return (
    <span className={`change change--${direction}`}>
      <span aria-hidden="true">{arrow} </span>
      {direction === 'up' ? '+' : ''}
      {formatDecimal(value)} %
    </span>
  );
}

interface Props {
  view: RateView;
  index: number;
  /** Offset from the top of the table, in px: the row group is moved there with a transform. */
  top: number;
  expanded: boolean;
  onToggle: (symbol: string) => void;
  measureRef: (node: Element | null) => void;
  /** Decimals the price column pads to (of the rounded prices); changes only when the widest changes. */
  priceWidth: number;
}

/**
 * One asset: its row plus, when expanded, its networks. Memoised on the view object, which the store
 * only replaces when the asset's figures change, so an unchanged asset does not re-render on a tick.
 */
export const RateRowGroup = memo(function RateRowGroup({
  view,
  index,
  top,
  expanded,
  onToggle,
  measureRef,
  priceWidth,
}: Props) {
  const detailsId = `rate-networks-${index}`;
  const symbol = view.symbol.toUpperCase();
  // Found by a network, not by symbol or name: the row says which, so the match is not a mystery.
  const query = useRatesStore((s) => s.query);
  const match = matchedNetworks(view, query).join(', ');
  return (
    // Collapsed rows have a fixed height (the virtualizer's estimate); measuring them would force a
    // layout for every row that scrolls into view. Only an expanded row's height must be read.
    <tbody
      ref={expanded ? measureRef : undefined}
      data-index={index}
      role="rowgroup"
      className="rates-group"
      style={{ transform: `translateY(${top}px)` }}
    >
      <tr
        data-testid="rate-row"
        data-symbol={view.symbol}
        aria-rowindex={index + 2}
        role="row"
        className="rates-grid"
      >
        <td role="cell">
          <button
            type="button"
            className="icon-button rates-expand"
            aria-expanded={expanded}
            aria-controls={expanded ? detailsId : undefined}
            // Named by a label, not a visually hidden span: that span is absolutely placed, and one in
            // each row that scrolled in made the whole paint phase about four times dearer.
            aria-label={`${expanded ? 'Hide' : 'Show'} networks for ${symbol}`}
            onClick={() => onToggle(view.symbol)}
          >
            <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
          </button>
        </td>
        <th scope="row" role="rowheader" className="coin">
          {symbol}
        </th>
        <td role="cell" className="truncate" title={match ? `${view.name} — ${match}` : view.name}>
          {view.name}
          {match && <span className="muted"> — {match}</span>}
        </td>
        <td role="cell" className="num" title={view.usdPrice ? `Exact: $${view.usdPrice}` : undefined}>
          {view.shownPrice !== null && (
            <span className="money" aria-hidden="true">
              $
            </span>
          )}
          <Money value={view.shownPrice} fractionWidth={priceWidth} />
        </td>
        <td role="cell" className="num">
          <Change value={view.change} />
        </td>
        <td role="cell">
          <Sparkline points={view.spark} label={`${symbol} trend`} />
        </td>
        <td
          role="cell"
          className="num"
          title={view.openPrice ? `First price this session: ${formatPrice(view.openPrice)}` : undefined}
        >
          {view.pairs.length}
        </td>
      </tr>
      {expanded && (
        <tr id={detailsId} className="details-row" role="row">
          <td colSpan={RATE_COLUMNS} role="cell">
            <PairsTable symbol={view.symbol} pairs={view.pairs} />
          </td>
        </tr>
      )}
    </tbody>
  );
});
