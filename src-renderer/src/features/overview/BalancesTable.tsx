import { useMemo, useState } from 'react';
import type { BalanceRow, BalancesView } from '@contract';
import { KeyValueTree } from '../../components/KeyValueTree';
import { Amount, Usd } from '../../components/Money';
import { NetworkName } from '../../components/NetworkName';
import { formatHourMinute } from '../../lib/as-of';
import { formatPrice } from '../../lib/price-format';
import { extraFields, groupByCoin, isEmptyBalance, type CoinGroup } from './balance-fields';
import './overview.css';

const COLUMNS = 6;

function NetworkRow({
  row,
  names,
  open,
  onToggle,
}: {
  row: BalanceRow;
  names: ReadonlyMap<string, string>;
  open: boolean;
  onToggle: () => void;
}) {
  const unit = row.coin.toUpperCase();
  const more = extraFields(row);
  const count = Object.keys(more).length;
  const detailsId = `balance-details-${row.coin}-${row.network}`;
  return (
    <>
      <tr data-testid="balance-row" data-empty={isEmptyBalance(row)} className="balance-network">
        <th scope="row">
          <NetworkName code={row.network} names={names} />
        </th>
        <td className="num">
          <Amount value={row.balance} unit={unit} />
        </td>
        <td className="num">
          <Amount value={row.frozen} unit={unit} />
        </td>
        <td className="num">
          <Amount value={row.available} unit={unit} />
        </td>
        <td className="num">
          <Usd value={row.usd} />
        </td>
        <td>
          {count > 0 && (
            <button
              type="button"
              className="link-button target"
              aria-expanded={open}
              aria-controls={detailsId}
              onClick={onToggle}
            >
              {open ? 'Hide' : 'Show'} {count} more field{count === 1 ? '' : 's'}
              <span className="visually-hidden">
                {' '}
                for {unit} on {row.network}
              </span>
            </button>
          )}
        </td>
      </tr>
      {open && (
        <tr id={detailsId} className="details-row">
          <td colSpan={COLUMNS}>
            <KeyValueTree value={more} />
          </td>
        </tr>
      )}
    </>
  );
}

function CoinRow({ group, fetchedAt }: { group: CoinGroup; fetchedAt: string }) {
  const unit = group.coin.toUpperCase();
  return (
    <tr className="balance-coin" data-testid="coin-subtotal" data-coin={group.coin}>
      <th scope="row">
        <span className="balance-coin__code">{unit}</span>{' '}
        <span className="balance-coin__label">all networks</span>
        {group.usdRate && (
          <span className="balance-coin__rate" data-testid="usd-rate">
            1 {unit} = {formatPrice(group.usdRate)} · rate at{' '}
            <time dateTime={fetchedAt}>{formatHourMinute(fetchedAt)}</time>
          </span>
        )}
      </th>
      <td className="num">
        <Amount value={group.balance} unit={unit} />
      </td>
      <td className="num">
        <Amount value={group.frozen} unit={unit} />
      </td>
      <td className="num">
        <Amount value={group.available} unit={unit} />
      </td>
      <td className="num">
        <Usd value={group.usd} />
      </td>
      <td />
    </tr>
  );
}

/**
 * Balances per coin (with exact subtotals in the coin's own unit) and per network by display name.
 * Networks holding nothing are folded behind one toggle, so the rows with money stand out.
 */
export function BalancesTable({ view, names }: { view: BalancesView; names: ReadonlyMap<string, string> }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [showEmpty, setShowEmpty] = useState(false);
  const emptyCount = useMemo(() => view.rows.filter(isEmptyBalance).length, [view.rows]);
  const groups = useMemo(
    () => groupByCoin(showEmpty ? view.rows : view.rows.filter((r) => !isEmptyBalance(r))),
    [view.rows, showEmpty],
  );
  const toggle = (key: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <>
      <p className="balance-help" data-testid="balance-help">
        <strong>Available</strong> can be withdrawn now. <strong>Frozen</strong> is held by the service — for
        example for a withdrawal in progress — and cannot be spent until it is released. Balance = available +
        frozen.
      </p>
      <div className="table-wrap">
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
          {groups.map((group) => (
            <tbody key={group.coin} className="balance-group">
              <CoinRow group={group} fetchedAt={view.fetchedAt} />
              {group.rows.map((row) => {
                const key = `${row.coin}/${row.network}`;
                return (
                  <NetworkRow
                    key={key}
                    row={row}
                    names={names}
                    open={open.has(key)}
                    onToggle={() => toggle(key)}
                  />
                );
              })}
            </tbody>
          ))}
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
            ? `Hide ${emptyCount} empty network${emptyCount === 1 ? '' : 's'}`
            : `Show ${emptyCount} empty network${emptyCount === 1 ? '' : 's'} (zero balance)`}
        </button>
      )}
    </>
  );
}
