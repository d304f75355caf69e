import { useMemo, useState } from 'react';
import type { BalancesView } from '@contract';
import { Usd } from '../../components/Money';
import { NetworkName } from '../../components/NetworkName';
import { formatHourMinute } from '../../lib/as-of';
import { formatPrice } from '../../lib/price-format';
import { groupByCoin, isEmptyBalance } from './balance-fields';
import { BalanceRowView, type Toggle } from './BalanceRowView';
import { countOf } from '../../lib/humanize';
import './overview.css';

/**
 * Balances per coin (exact subtotals in the coin's own unit, the valuation rate and its time) and per
 * network by display name. A coin on one network is one row. Networks holding nothing are folded
 * behind one toggle, so the rows with money stand out.
 */
export function BalancesTable({ view, names }: { view: BalancesView; names: ReadonlyMap<string, string> }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [showEmpty, setShowEmpty] = useState(false);
  const emptyCount = useMemo(() => view.rows.filter(isEmptyBalance).length, [view.rows]);
  const groups = useMemo(
    () => groupByCoin(showEmpty ? view.rows : view.rows.filter((r) => !isEmptyBalance(r))),
    [view.rows, showEmpty],
  );
  const toggle: Toggle = {
    isOpen: (key) => open.has(key),
    flip: (key) =>
      setOpen((prev) => {
        const next = new Set(prev);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
  };

  return (
    <>
      <p className="balance-help" data-testid="balance-help">
        <strong>Available</strong> can be withdrawn now. <strong>Frozen</strong> is held by the service — for
        example for a withdrawal in progress — and cannot be spent until it is released. Balance = available +
        frozen.
      </p>
      {/* Focusable and named: at 200 % zoom the table scrolls sideways, and a keyboard must reach it. */}
      <div className="table-wrap" tabIndex={0} role="region" aria-label="Balances, scrollable">
        <table className="data-table balances-table" data-testid="balances-table">
          <caption className="visually-hidden">Balances per coin and network</caption>
          <thead>
            <tr>
              <th scope="col">Coin / network</th>
              <th scope="col" className="num">
                Balance
              </th>
              <th scope="col" className="num">
                Frozen
              </th>
              <th scope="col" className="num">
                Available
              </th>
              <th scope="col" className="num">
                USD value
              </th>
              <th scope="col">
                <span className="visually-hidden">Other fields</span>
              </th>
            </tr>
          </thead>
          {groups.map((group) => {
            const unit = group.coin.toUpperCase();
            const only = group.rows.length === 1 ? group.rows[0] : undefined;
            const rate = group.usdRate && (
              <span className="balance-coin__rate" data-testid="usd-rate">
                1 {unit} = {formatPrice(group.usdRate)} · rate at{' '}
                <time dateTime={view.fetchedAt}>{formatHourMinute(view.fetchedAt)}</time>
              </span>
            );
            return (
              <tbody key={group.coin} className="balance-group">
                {only ? (
                  <BalanceRowView
                    kind="coin"
                    row={only}
                    toggle={toggle}
                    label={
                      <>
                        <span className="balance-coin__code">{unit}</span>{' '}
                        <span className="balance-coin__label">
                          on <NetworkName code={only.network} names={names} />
                        </span>
                        {rate}
                      </>
                    }
                  />
                ) : (
                  <>
                    <BalanceRowView
                      kind="coin"
                      row={{ ...group, network: '', raw: {} }}
                      toggle={toggle}
                      label={
                        <>
                          <span className="balance-coin__code">{unit}</span>{' '}
                          <span className="balance-coin__label">on {group.rows.length} networks</span>
                          {rate}
                        </>
                      }
                    />
                    {group.rows.map((row) => (
                      <BalanceRowView
                        key={row.network}
                        kind="network"
                        row={row}
                        toggle={toggle}
                        label={<NetworkName code={row.network} names={names} />}
                      />
                    ))}
                  </>
                )}
              </tbody>
            );
          })}
          <tfoot>
            <tr data-testid="balances-total">
              <th scope="row" colSpan={4}>
                Total USD value (at the rates above)
              </th>
              <td className="num">
                <Usd value={view.totalUsd} />
              </td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
      {emptyCount > 0 && (
        <button
          type="button"
          className="button target"
          aria-pressed={showEmpty}
          onClick={() => setShowEmpty((v) => !v)}
          data-testid="toggle-empty-balances"
        >
          {showEmpty
            ? `Hide ${countOf(emptyCount, 'empty network')}`
            : `Show ${countOf(emptyCount, 'empty network')} (zero balance)`}
        </button>
      )}
    </>
  );
}
