import type { AssetPair } from '@contract';
import { Badge } from '../../components/Badge';
import { KeyValueTree } from '../../components/KeyValueTree';
import { Amount } from '../../components/Money';
import { NetworkName } from '../../components/NetworkName';
import { formatDecimal } from '../../lib/decimal';
import { networkLabel } from '../../lib/network-names';
import type { FeeSettings } from './fee-settings';

function Enabled({ value, what }: { value: boolean | null; what: string }) {
  if (value === null) return <span className="muted">Not stated</span>;
  // Off is a fact to notice, not an error: amber with the word, never the error red.
  return value ? (
    <span className="fee-on">On</span>
  ) : (
    <Badge tone="warn" testId="fee-off">
      Off<span className="visually-hidden"> — {what} disabled</span>
    </Badge>
  );
}

/** Directions that are off, said once above the table so they are not buried in it. */
function DisabledSummary({ settings, names }: { settings: FeeSettings; names: ReadonlyMap<string, string> }) {
  const off = (pick: (n: FeeSettings['networks'][number]) => boolean | null) =>
    settings.networks
      .filter((n) => pick(n) === false)
      .map((n) => `${n.coin.toUpperCase()} on ${networkLabel(names, n.network)}`);
  const deposits = off((n) => n.deposit);
  const withdrawals = off((n) => n.withdrawal);
  if (deposits.length === 0 && withdrawals.length === 0)
    return <p className="muted">Deposits and withdrawals are on for every network listed.</p>;
  return (
    <div className="notice notice--warn" data-testid="fees-disabled">
      {withdrawals.length > 0 && <p>Withdrawals are off for {withdrawals.join(', ')}.</p>}
      {deposits.length > 0 && <p>Deposits are off for {deposits.join(', ')}.</p>}
    </div>
  );
}

/** The standard service fee in the public catalog, when every pair lists the same one. */
function catalogStandard(catalog: readonly AssetPair[]): string | null {
  const values = new Set(catalog.map((p) => p.serviceFeePercent).filter((v): v is string => v !== null));
  return values.size === 1 ? [...values][0]! : null;
}

/** Your percentages and who pays, then one table of networks beside the catalog's minimums. */
export function FeeSettingsPanel({
  settings,
  catalog,
  names,
}: {
  settings: FeeSettings;
  catalog: readonly AssetPair[];
  names: ReadonlyMap<string, string>;
}) {
  const byPair = new Map(catalog.map((p) => [`${p.coin}/${p.network}`.toLowerCase(), p]));
  const standard = catalogStandard(catalog);
  const other = Object.keys(settings.other).length > 0;
  return (
    <>
      <div className="fee-summary">
        <section aria-labelledby="fee-percents" className="panel" data-testid="fee-percents">
          <h3 id="fee-percents">Your service fees</h3>
          {settings.percents.length === 0 ? (
            <p className="muted">The service did not report any percentage for this account.</p>
          ) : (
            <dl className="fee-list">
              {settings.percents.map((p) => (
                <div key={p.key}>
                  <dt title={p.key}>{p.label}</dt>
                  <dd className="fig">{formatDecimal(p.value)} %</dd>
                </div>
              ))}
            </dl>
          )}
          {standard && (
            <p className="muted fee-note" data-testid="catalog-standard">
              The public catalog lists a standard service fee of {formatDecimal(standard)} %. That is the
              published rate for everyone; the percentages above are what this account is charged.
            </p>
          )}
        </section>
        <section aria-labelledby="fee-payers" className="panel" data-testid="fee-payers">
          <h3 id="fee-payers">Who pays</h3>
          {settings.payers.length === 0 ? (
            <p className="muted">The service did not say who pays which fee.</p>
          ) : (
            <dl className="fee-list">
              {settings.payers.map((p) => (
                <div key={p.key}>
                  <dt title={p.key}>{p.label}</dt>
                  <dd>{p.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      </div>
      {settings.networks.length > 0 && (
        <>
          <h3>Networks</h3>
          <DisabledSummary settings={settings} names={names} />
          <div className="table-wrap" tabIndex={0} role="region" aria-label="Networks, scrollable">
            <table className="data-table fees-table" data-testid="network-fees">
              <caption className="visually-hidden">
                Network fees and whether deposits and withdrawals are on, with the public catalog’s minimums
              </caption>
              <thead>
                <tr>
                  <th scope="col">Coin</th>
                  <th scope="col">Network</th>
                  <th scope="col" className="num">
                    Network fee
                  </th>
                  <th scope="col">Deposits</th>
                  <th scope="col">Withdrawals</th>
                  <th scope="col" className="num">
                    Min. deposit (catalog)
                  </th>
                  <th scope="col" className="num">
                    Min. withdrawal (catalog)
                  </th>
                </tr>
              </thead>
              <tbody>
                {settings.networks.map((n) => {
                  const unit = n.coin.toUpperCase();
                  const pair = byPair.get(`${n.coin}/${n.network}`.toLowerCase());
                  return (
                    <tr key={`${n.coin}/${n.network}`} data-testid="network-fee-row">
                      <th scope="row" className="coin">
                        {unit}
                      </th>
                      <td>
                        <NetworkName code={n.network} names={names} />
                      </td>
                      <td className="num">
                        <Amount value={n.fee} unit={unit} />
                      </td>
                      <td>
                        <Enabled value={n.deposit} what="deposits" />
                      </td>
                      <td>
                        <Enabled value={n.withdrawal} what="withdrawals" />
                      </td>
                      <td className="num">
                        <Amount value={pair?.minDeposit ?? null} unit={unit} />
                      </td>
                      <td className="num">
                        <Amount value={pair?.minWithdrawal ?? null} unit={unit} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
      {other && (
        <details className="panel fee-other" data-testid="fee-other" open={settings.percents.length === 0}>
          <summary>Other settings the service reported</summary>
          <KeyValueTree value={settings.other} />
        </details>
      )}
    </>
  );
}
