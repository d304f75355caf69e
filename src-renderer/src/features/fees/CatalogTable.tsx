import type { AssetPair } from '@contract';
import { AmountCell } from '../../components/Money';
import { NetworkName } from '../../components/NetworkName';
import { ScrollTable } from '../../components/ScrollTable';
import { num, TableHead } from '../../components/TableParts';
import { formatDecimal } from '@shared/money/display';

/** The public catalog's numbers per coin/network: what anyone can see, not what this merchant is charged. */
export function CatalogTable({
  pairs,
  names,
}: {
  pairs: readonly AssetPair[];
  names: ReadonlyMap<string, string>;
}) {
  return (
    <ScrollTable
      label="Public catalog"
      caption="Public catalog fees and withdrawal minimums per coin and network"
      className="fees-table"
      testId="catalog-table"
    >
      <TableHead
        columns={['Coin', 'Network', num('Service fee'), num('Network fee'), num('Min. withdrawal')]}
      />
      <tbody>
        {pairs.map((p) => {
          const unit = p.coin.toUpperCase();
          return (
            <tr key={`${p.coin}/${p.network}`} data-testid="catalog-row">
              <th scope="row" className="coin">
                {unit}
              </th>
              <td>{p.networkName ?? <NetworkName code={p.network} names={names} />}</td>
              <td className="num">
                {p.serviceFeePercent === null ? '—' : `${formatDecimal(p.serviceFeePercent)} %`}
              </td>
              <AmountCell value={p.networkFee} unit={unit} />
              <AmountCell value={p.minWithdrawal} unit={unit} />
            </tr>
          );
        })}
      </tbody>
    </ScrollTable>
  );
}
