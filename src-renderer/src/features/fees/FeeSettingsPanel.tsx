import type { AssetPair } from '@contract';
import { KeyValueTree } from '../../components/KeyValueTree';
import { AmountCell } from '../../components/Money';
import { NetworkName } from '../../components/NetworkName';
import { formatDecimal } from '@shared/money/display';
import { networkLabel } from '../../lib/network-names';
import type { FeeSettings } from '@shared/domain/fee-settings';
import { ScrollTable } from '../../components/ScrollTable';
import { num, OnOff, TableHead } from '../../components/TableParts';

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
          <ScrollTable
            label="Networks"
            caption="Network fees and whether deposits and withdrawals are on, with the public catalog’s minimums"
            className="fees-table"
            testId="network-fees"
          >
            <TableHead
              columns={[
                'Coin',
                'Network',
                num('Network fee'),
                'Deposits',
                'Withdrawals',
                num('Min. deposit (catalog)'),
                num('Min. withdrawal (catalog)'),
              ]}
            />
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
                    <AmountCell value={n.fee} unit={unit} />
                    <td>
                      <OnOff value={n.deposit} what="deposits" />
                    </td>
                    <td>
                      <OnOff value={n.withdrawal} what="withdrawals" />
                    </td>
                    <AmountCell value={pair?.minDeposit ?? null} unit={unit} />
                    <AmountCell value={pair?.minWithdrawal ?? null} unit={unit} />
                  </tr>
                );
              })}
            </tbody>
          </ScrollTable>
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
