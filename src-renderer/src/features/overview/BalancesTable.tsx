import { Fragment, useMemo, useState } from 'react';
import type { BalancesView } from '@contract';
import { KeyValueTree } from '../../components/KeyValueTree';
import { Money, Usd } from '../../components/Money';
import { maxFractionDigits } from '../../lib/decimal';
import { extraFields } from './balance-fields';

/** Balances per coin and network with a totals row; fields we do not know by name open in a details row. */
export function BalancesTable({ view }: { view: BalancesView }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const widths = useMemo(
    () => ({
      balance: maxFractionDigits(view.rows.map((r) => r.balance)),
      frozen: maxFractionDigits(view.rows.map((r) => r.frozen)),
      available: maxFractionDigits(view.rows.map((r) => r.available)),
    }),
    [view.rows],
  );
  const extras = useMemo(() => view.rows.map(extraFields), [view.rows]);
  const toggle = (key: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <div className="table-wrap">
      <table className="data-table" data-testid="balances-table">
        <caption className="visually-hidden">Balances per coin and network</caption>
        <thead>
          <tr>
            <th scope="col">Coin</th>
            <th scope="col">Network</th>
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
        <tbody>
          {view.rows.map((row, i) => {
            const key = `${row.coin}/${row.network}`;
            const more = extras[i] ?? {};
            const count = Object.keys(more).length;
            const expanded = open.has(key);
            const detailsId = `balance-details-${i}`;
            return (
              <Fragment key={key}>
                <tr data-testid="balance-row">
                  <th scope="row" className="coin">
                    {row.coin.toUpperCase()}
                  </th>
                  <td>{row.network}</td>
                  <td className="num">
                    <Money value={row.balance} fractionWidth={widths.balance} />
                  </td>
                  <td className="num">
                    <Money value={row.frozen} fractionWidth={widths.frozen} />
                  </td>
                  <td className="num">
                    <Money value={row.available} fractionWidth={widths.available} />
                  </td>
                  <td className="num">
                    <Usd value={row.usd} />
                  </td>
                  <td>
                    {count > 0 && (
                      <button
                        type="button"
                        className="link-button"
                        aria-expanded={expanded}
                        aria-controls={detailsId}
                        onClick={() => toggle(key)}
                      >
                        {expanded ? 'Hide' : 'Show'} {count} more field{count === 1 ? '' : 's'}
                        <span className="visually-hidden">
                          {' '}
                          for {row.coin.toUpperCase()} on {row.network}
                        </span>
                      </button>
                    )}
                  </td>
                </tr>
                {expanded && (
                  <tr id={detailsId} className="details-row">
                    <td colSpan={7}>
                      <KeyValueTree value={more} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
        <tfoot>
          <tr data-testid="balances-total">
            <th scope="row" colSpan={5}>
              Total (USD)
            </th>
            <td className="num">
              <Usd value={view.totalUsd} />
            </td>
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
