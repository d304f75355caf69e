import type { AssetPair } from '@contract';
import { Amount } from '../../components/Money';
import { NetworkName } from '../../components/NetworkName';
import { formatDecimal } from '../../lib/decimal';

/** The public catalog's numbers per coin/network: what anyone can see, not what this merchant is charged. */
export function CatalogTable({
  pairs,
  names,
}: {
  pairs: readonly AssetPair[];
  names: ReadonlyMap<string, string>;
}) {
  return (
    // Focusable so a keyboard user can scroll it sideways when the window is narrow.
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Public catalog, scrollable">
      <table className="data-table fees-table" data-testid="catalog-table">
        <caption className="visually-hidden">
          Public catalog fees and withdrawal minimums per coin and network
        </caption>
        <thead>
          <tr>
            <th scope="col">Coin</th>
            <th scope="col">Network</th>
            <th scope="col" className="num">
              Service fee
            </th>
            <th scope="col" className="num">
              Network fee
            </th>
            <th scope="col" className="num">
              Min. withdrawal
            </th>
          </tr>
        </thead>
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
                <td className="num">
                  <Amount value={p.networkFee} unit={unit} />
                </td>
                <td className="num">
                  <Amount value={p.minWithdrawal} unit={unit} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
