import type { PolicyOutcome, PolicyPreview } from '@contract';
import { ScrollTable } from '../../components/ScrollTable';
import { formatZonedDateTime } from '../../lib/zoned-time';

const OUTCOMES: { outcome: PolicyOutcome; words: string }[] = [
  { outcome: 'allow', words: 'allowed without approval' },
  { outcome: 'require', words: 'waiting for approvals' },
  { outcome: 'block', words: 'blocked' },
  { outcome: 'unknown', words: 'could not be judged' },
];

/**
 * What a draft would have done to the last month's withdrawals (md.preview_policy): the count per
 * outcome, then each withdrawal with the rule that decided. Nothing is changed by a preview.
 */
export function PolicyPreviewTable({ preview }: { preview: PolicyPreview }) {
  const total = preview.rows.length;
  return (
    <section className="policy-preview" aria-labelledby="policy-preview-title" data-testid="policy-preview">
      <h4 id="policy-preview-title">
        What this draft would have done to the last {preview.days} days’ {total} withdrawal
        {total === 1 ? '' : 's'}
      </h4>
      <ul className="policy-preview__counts" data-testid="policy-preview-counts">
        {OUTCOMES.map(({ outcome, words }) => (
          <li key={outcome} data-testid={`policy-count-${outcome}`}>
            <strong>{preview.counts[outcome] ?? 0}</strong> {words}
          </li>
        ))}
      </ul>
      {total === 0 ? (
        <p>The team recorded no withdrawal in the last {preview.days} days.</p>
      ) : (
        <ScrollTable
          label="Policy preview"
          caption="Each withdrawal of the period with what the draft would have decided"
          testId="policy-preview-rows"
        >
          <thead>
            <tr>
              <th scope="col">Withdrawal</th>
              <th scope="col">When</th>
              <th scope="col">Amount</th>
              <th scope="col">To</th>
              <th scope="col">Was</th>
              <th scope="col">Under this draft</th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <tr key={row.entryId} data-outcome={row.outcome}>
                <td>#{row.entryId}</td>
                <td>{formatZonedDateTime(row.at)}</td>
                {/* UX rule 1: the amount with its coin and network. */}
                <td className="amount">
                  {row.amount} {row.coin.toUpperCase()} · {row.network.toUpperCase()}
                </td>
                <td className="mono">{row.toAddress}</td>
                <td>{row.status}</td>
                <td>{row.words}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </section>
  );
}
