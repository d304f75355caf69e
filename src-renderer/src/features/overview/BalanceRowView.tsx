import type { ReactNode } from 'react';
import type { BalanceRow } from '@contract';
import { KeyValueTree } from '../../components/KeyValueTree';
import { AmountCell, Usd } from '../../components/Money';
import { extraFields, isEmptyBalance } from './balance-fields';
import { countOf } from '../../lib/humanize';

const BALANCE_COLUMNS = 6;

export interface Toggle {
  isOpen: (key: string) => boolean;
  flip: (key: string) => void;
}

/**
 * One line of the balances table: a coin's subtotal ("coin") or one of its networks ("network").
 * Fields the table has no column for open in a details row beneath.
 */
export function BalanceRowView({
  kind,
  row,
  label,
  toggle,
}: {
  kind: 'coin' | 'network';
  row: Pick<BalanceRow, 'coin' | 'network' | 'balance' | 'frozen' | 'available' | 'usd' | 'raw'>;
  label: ReactNode;
  toggle: Toggle;
}) {
  const unit = row.coin.toUpperCase();
  const key = `${row.coin}/${row.network}`;
  const more = extraFields(row as BalanceRow);
  const count = Object.keys(more).length;
  const open = toggle.isOpen(key);
  const detailsId = `balance-details-${row.coin}-${row.network || 'all'}`;
  return (
    <>
      <tr
        className={kind === 'coin' ? 'balance-coin' : 'balance-network'}
        data-testid={kind === 'coin' ? 'coin-subtotal' : 'balance-row'}
        data-coin={row.coin}
        data-empty={isEmptyBalance(row as BalanceRow)}
      >
        <th scope="row">{label}</th>
        <AmountCell value={row.balance} unit={unit} />
        <AmountCell value={row.frozen} unit={unit} />
        <AmountCell value={row.available} unit={unit} />
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
              onClick={() => toggle.flip(key)}
            >
              {open ? 'Hide' : 'Show'} {countOf(count, 'more field')}
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
          <td colSpan={BALANCE_COLUMNS}>
            <KeyValueTree value={more} />
          </td>
        </tr>
      )}
    </>
  );
}
