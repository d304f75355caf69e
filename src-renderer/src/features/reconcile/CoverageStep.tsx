import type { CloseSteps, ReconSessionView } from '@contract';
import { COVERAGE_TOLERANCE_MINUTES } from '@shared/recon-coverage';
import { Badge } from '../../components/Badge';
import { ScrollTable } from '../../components/ScrollTable';
import { TableHead } from '../../components/TableParts';
import { networkLabel } from '../../lib/network-names';
import { formatZonedDateTime } from '../../lib/zoned-time';
import { useNetworkNames } from '../../stores/use-network-names';
import { OpenItems } from './OpenItems';
import { ReasonForAll } from './ReasonForAll';
import { useReconcileStore } from './reconcile-store';

type Asset = CloseSteps['coverage']['assets'][number];
const COLUMNS = ['Asset', 'Start of the month', 'End of the month', 'What to do'] as const;

function Bound({ bound }: { bound: Asset['start'] }) {
  const at = bound.snapshotAt ? formatZonedDateTime(bound.snapshotAt) : null;
  return bound.seen ? (
    <span data-testid="recon-bound" data-seen="true">
      <Badge tone="good">Seen</Badge> <span className="muted">balance of {at}</span>
    </span>
  ) : (
    <span data-testid="recon-bound" data-seen="false">
      <Badge tone="warn">Not seen</Badge>{' '}
      <span className="muted">{at ? `nearest balance ${at}` : 'no balance at all'}</span>
    </span>
  );
}

const STATUS_WORDS: Record<CloseSteps['coverage']['status'], string> = {
  clear: `Coverage complete: a balance was seen within ${COVERAGE_TOLERANCE_MINUTES} minutes of both ends of the month for every asset.`,
  action:
    'Part of this month was not observed. Take a snapshot now where it is offered, or record each gap as an exception with a reason. A month with a gap can only close with exceptions.',
  exceptions:
    'Every gap has a reason recorded. The month will close with exceptions, and its report states each gap.',
};

/**
 * Step 1 of the month-end close: for each asset, whether a balance was seen near the month's start
 * and end, and what to do where it was not. Main decides each of these; this only shows them.
 */
export function CoverageStep({ session, steps }: { session: ReconSessionView; steps: CloseSteps }) {
  const names = useNetworkNames();
  const snapshotNow = useReconcileStore((s) => s.snapshotNow);
  const busy = useReconcileStore((s) => s.busy === 'refresh');
  const open = session.state === 'open';
  const { assets, status } = steps.coverage;
  const gapItems = session.items.filter((i) => i.kind === 'coverage-gap');
  const unnoted = gapItems.filter((i) => i.review === null).map((i) => i.key);
  return (
    <div data-testid="recon-step-coverage" data-status={status}>
      <p className={status === 'clear' ? 'notice notice--good' : 'notice notice--warn'}>
        {STATUS_WORDS[status]}
      </p>
      {assets.length === 0 ? (
        <p className="muted">
          No balance was ever read for this profile: open Overview to read the balances.
        </p>
      ) : (
        <ScrollTable
          label="Coverage by asset"
          caption="Whether a balance was seen near each end of the month, per asset"
          className="recon-coverage-table"
          testId="recon-coverage-table"
        >
          <TableHead columns={COLUMNS} />
          <tbody>
            {assets.map((a) => (
              <tr key={`${a.coin}:${a.network}`} data-testid="recon-coverage-row">
                <th scope="row">
                  {a.coin.toUpperCase()} · {networkLabel(names, a.network)}
                </th>
                <td>
                  <Bound bound={a.start} />
                </td>
                <td>
                  <Bound bound={a.end} />
                </td>
                <td>
                  {a.start.seen && a.end.seen ? (
                    <span className="muted">Nothing</span>
                  ) : a.snapshotNowCovers && open ? (
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() => void snapshotNow()}
                      disabled={busy}
                      data-testid="recon-snapshot-now"
                    >
                      Take a snapshot now
                    </button>
                  ) : (
                    <span>Record the gap as an exception with a reason (below)</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      {open && unnoted.length > 1 && <ReasonForAll keys={unnoted} />}
      {gapItems.length > 0 && <OpenItems items={gapItems} open={open} />}
    </div>
  );
}
