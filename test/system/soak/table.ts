import { OPERATIONS, type OperationCounts } from './compare';
import type { SoakReport } from './run-soak';

const ROWS: Array<[string, keyof OperationCounts]> = [
  ['performed (sandbox record)', 'performed'],
  ['journal rows', 'rows'],
  ['journal accepted', 'accepted'],
  ['journal rejected', 'rejected'],
  ['journal unknown (ever)', 'unknown'],
  ['resolved by evidence', 'resolvedByEvidence'],
  ['resolved by a person', 'resolvedByPerson'],
  ['unknown left, not performed', 'openNotPerformed'],
  ['unknown left, performed', 'openPerformed'],
  ['repeated (must be 0)', 'repeated'],
  ['lost (must be 0)', 'lost'],
  ['phantom (must be 0)', 'phantom'],
];

const HEAD = ['', 'invoices', 'withdrawals', 'wallets', 'total'];

/** The soak's printed table: what was done to the app, then the journal against the sandbox. */
export function formatSoakTable(report: SoakReport): string {
  const width = 30;
  const line = (cells: Array<string | number>) =>
    cells.map((c, i) => (i === 0 ? String(c).padEnd(width) : String(c).padStart(12))).join('');
  const counts = OPERATIONS.map((op) => report.comparison[op]);
  const faults = Object.entries(report.faults)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, n]) => `${name} ${n}`);
  const answers = Object.entries(report.answers).map(([name, n]) => `${name} ${n}`);
  return [
    `seed ${report.seed}, ${report.writes} writes, ${report.seconds.toFixed(1)} s`,
    `faults (${Object.values(report.faults).reduce((a, b) => a + b, 0)}): ${faults.join(', ') || 'none'}`,
    `kills: ${report.kills.betweenWrites} between writes, ${report.kills.midWrite} mid-write; ${report.kills.interruptedWritesRecovered} interrupted writes marked unknown at restart`,
    `answers: ${answers.join(', ')}`,
    `evidence: ${report.invoiceChecks.checked} invoice order-id checks, ${report.evidenceOneClick} one-click webhook resolutions, ${report.webhooksByHand} webhooks re-sent by hand`,
    line(HEAD),
    ...ROWS.map(([label, field]) => {
      const values = counts.map((c) => c[field]);
      return line([label, ...values, values.reduce((a, b) => a + b, 0)]);
    }),
    'answers by fault:',
    ...Object.entries(report.answersByFault)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, n]) => `  ${name}: ${n}`),
    report.failed.length === 0
      ? 'PASS: every invariant holds'
      : `FAIL (data kept in ${report.dir}):\n  ${report.failed.join('\n  ')}`,
    ...(report.comparison.problems.length > 0
      ? ['problems:', ...report.comparison.problems.slice(0, 50).map((p) => `  ${p}`)]
      : []),
  ].join('\n');
}
