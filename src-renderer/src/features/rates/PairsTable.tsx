import type { AssetPair } from '@contract';
import { AmountCell } from '../../components/Money';
import { num, OnOff, TableHead } from '../../components/TableParts';

/** Per network: what the merged rates + catalog say about deposits, withdrawals and limits. */
export function PairsTable({ symbol, pairs }: { symbol: string; pairs: readonly AssetPair[] }) {
  if (pairs.length === 0) return <p className="muted">No networks listed for {symbol}.</p>;
  const unit = symbol.toUpperCase();
  return (
    <table className="data-table pairs-table" data-testid="pairs-table">
      <caption className="visually-hidden">Networks for {unit}</caption>
      <TableHead
        columns={[
          'Network',
          'Deposit',
          'Withdraw',
          num('Min. deposit'),
          num('Min. withdrawal'),
          num('Max. withdrawal'),
          num('Network fee'),
          num('Decimals'),
        ]}
      />
      <tbody>
        {pairs.map((p) => (
          <tr key={p.network} data-testid="pair-row">
            <th scope="row" title={p.network}>
              {p.networkName ?? p.network}
              {!p.inCatalog && <span className="muted"> (not in catalog)</span>}
            </th>
            <td>
              <OnOff value={p.depositEnabled} what="deposits" />
            </td>
            <td>
              <OnOff value={p.withdrawEnabled} what="withdrawals" />
            </td>
            <AmountCell value={p.minDeposit} unit={unit} />
            <AmountCell value={p.minWithdrawal} unit={unit} />
            <AmountCell value={p.maxWithdrawal} unit={unit} />
            <AmountCell value={p.networkFee} unit={unit} />
            <td className="num">{p.decimals ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
