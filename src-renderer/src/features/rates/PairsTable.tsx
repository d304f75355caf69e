import type { AssetPair } from '@contract';
import { Badge } from '../../components/Badge';
import { Money } from '../../components/Money';

function Flag({ value, label }: { value: boolean | null; label: string }) {
  if (value === null)
    return (
      <span className="muted" aria-label={`${label}: unknown`}>
        —
      </span>
    );
  return <Badge tone={value ? 'good' : 'bad'}>{value ? 'On' : 'Off'}</Badge>;
}

/** Per network: what the merged rates + catalog say about deposits, withdrawals and limits. */
export function PairsTable({ symbol, pairs }: { symbol: string; pairs: readonly AssetPair[] }) {
  if (pairs.length === 0) return <p className="muted">No networks listed for {symbol}.</p>;
  const unit = symbol.toUpperCase();
  return (
    <table className="data-table pairs-table" data-testid="pairs-table">
      <caption className="visually-hidden">Networks for {unit}</caption>
      <thead>
        <tr>
          <th scope="col">Network</th>
          <th scope="col">Deposit</th>
          <th scope="col">Withdraw</th>
          <th scope="col" className="num">
            Min. deposit
          </th>
          <th scope="col" className="num">
            Min. withdrawal
          </th>
          <th scope="col" className="num">
            Max. withdrawal
          </th>
          <th scope="col" className="num">
            Network fee
          </th>
          <th scope="col" className="num">
            Decimals
          </th>
        </tr>
      </thead>
      <tbody>
        {pairs.map((p) => (
          <tr key={p.network} data-testid="pair-row">
            <th scope="row" title={p.network}>
              {p.networkName ?? p.network}
              {!p.inCatalog && <span className="muted"> (not in catalog)</span>}
            </th>
            <td>
              <Flag value={p.depositEnabled} label="Deposit" />
            </td>
            <td>
              <Flag value={p.withdrawEnabled} label="Withdraw" />
            </td>
            <td className="num">
              <Money value={p.minDeposit} unit={unit} />
            </td>
            <td className="num">
              <Money value={p.minWithdrawal} unit={unit} />
            </td>
            <td className="num">
              <Money value={p.maxWithdrawal} unit={unit} />
            </td>
            <td className="num">
              <Money value={p.networkFee} unit={unit} />
            </td>
            <td className="num">{p.decimals ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
