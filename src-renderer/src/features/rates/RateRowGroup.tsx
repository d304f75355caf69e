import { memo } from 'react';
import { formatDecimal, formatUsd } from '../../lib/decimal';
import { Money } from '../../components/Money';
import { PairsTable } from './PairsTable';
import type { RateView } from './rate-view';
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
  expanded: boolean;
  onToggle: (symbol: string) => void;
  measureRef: (node: Element | null) => void;
  /** Decimals the price column pads to; changes only when the widest price changes. */
  priceWidth: number;
}

/**
 * One asset: its row plus, when expanded, its networks. Memoised on the view object, which the store
 * only replaces when the asset's figures change, so an unchanged asset does not re-render on a tick.
 */
export const RateRowGroup = memo(function RateRowGroup({ view, index, expanded, onToggle, measureRef, priceWidth }: Props) {
  const detailsId = `rate-networks-${index}`;
  const symbol = view.symbol.toUpperCase();
  return (
    <tbody ref={measureRef} data-index={index}>
      <tr data-testid="rate-row" data-symbol={view.symbol} aria-rowindex={index + 2}>
        <td>
          <button type="button" className="icon-button" aria-expanded={expanded} aria-controls={expanded ? detailsId : undefined} onClick={() => onToggle(view.symbol)}>
            <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
            <span className="visually-hidden">
              {expanded ? 'Hide' : 'Show'} networks for {symbol}
            </span>
          </button>
        </td>
        <th scope="row" className="coin">{symbol}</th>
        <td className="truncate" title={view.name}>{view.name}</td>
        <td className="num">
          {view.usdPrice !== null && <span className="money" aria-hidden="true">$</span>}
          <Money value={view.usdPrice} fractionWidth={priceWidth} />
        </td>
        <td className="num"><Change value={view.change} /></td>
        <td><Sparkline points={view.spark} label={`${symbol} trend`} /></td>
        <td className="num" title={view.openPrice ? `Opened at ${formatUsd(view.openPrice)}` : undefined}>
          {view.pairs.length}
        </td>
      </tr>
      {expanded && (
        <tr id={detailsId} className="details-row">
          <td colSpan={RATE_COLUMNS}>
            <PairsTable symbol={view.symbol} pairs={view.pairs} />
          </td>
        </tr>
      )}
    </tbody>
  );
});
