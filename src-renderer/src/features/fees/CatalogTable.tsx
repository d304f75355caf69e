import { useMemo } from 'react';
import type { AssetPair } from '@contract';
import { Money } from '../../components/Money';
import { maxFractionDigits } from '../../lib/decimal';

/** The public catalog's numbers per coin/network: what anyone can see, not what this merchant is charged. */
export function CatalogTable({ pairs }: { pairs: readonly AssetPair[] }) {
  const widths = useMemo(
    () => ({
      fee: maxFractionDigits(pairs.map((p) => p.networkFee)),
      min: maxFractionDigits(pairs.map((p) => p.minWithdrawal)),
    }),
    [pairs],
  );
  return (
    <div className="table-wrap">
      <table className="data-table" data-testid="catalog-table">
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
          {pairs.map((p) => (
            <tr key={`${p.coin}/${p.network}`} data-testid="catalog-row">
              <th scope="row" className="coin">
                {p.coin.toUpperCase()}
              </th>
              <td title={p.network}>{p.networkName ?? p.network}</td>
              <td className="num">{p.serviceFeePercent === null ? '—' : `${p.serviceFeePercent} %`}</td>
              <td className="num">
                <Money value={p.networkFee} fractionWidth={widths.fee} unit={p.coin.toUpperCase()} />
              </td>
              <td className="num">
                <Money value={p.minWithdrawal} fractionWidth={widths.min} unit={p.coin.toUpperCase()} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
