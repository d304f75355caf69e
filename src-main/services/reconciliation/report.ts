import { rmSync } from 'node:fs';
import type { ReconSessionView } from '@shared/domain/reconciliation';
import { COVERAGE_TOLERANCE_MINUTES } from '@shared/recon-coverage';
import { csvCell } from '../../storage/port/csv-cell';
import { writeFileAtomic } from '../atomic-file';

/** Amounts are signed decimal strings we computed: written as numbers, not guarded as text. */
const amount = (v: string | null | undefined) => v ?? '';
const unitOf = (coin: string, network: string) => `${coin.toUpperCase()} · ${network}`;

const ITEM_COLUMNS = [
  'section',
  'key',
  'kind',
  'coin',
  'network',
  'amount',
  'effect_on_total',
  'at',
  'journal_entry',
  'counted',
  'title',
  'detail',
  'blocking',
  'reviewed_by',
  'reviewed_at',
  'review_note',
];

/**
 * The session's items as CSV: each movement behind each asset line, then each open item with its
 * review. One header; amounts in coin units, times in ISO 8601 UTC.
 */
export function sessionCsv(session: ReconSessionView): { text: string; rows: number } {
  const lines: string[] = [ITEM_COLUMNS.join(',')];
  for (const line of session.lines)
    for (const m of line.movements)
      lines.push(
        [
          csvCell('movement'),
          csvCell(m.key),
          csvCell(m.kind),
          csvCell(line.coin),
          csvCell(line.network),
          amount(m.amount),
          amount(m.effect),
          csvCell(m.at),
          m.entryId === null ? '' : String(m.entryId),
          m.counted ? 'yes' : 'no',
          csvCell(m.outside ? 'made outside this desk' : 'made or known by this desk'),
          csvCell(`amount from ${m.source}`),
          '',
          '',
          '',
          '',
        ].join(','),
      );
  for (const item of session.items)
    lines.push(
      [
        csvCell('open item'),
        csvCell(item.key),
        csvCell(item.kind),
        '',
        '',
        '',
        '',
        '',
        item.entryId === null ? '' : String(item.entryId),
        '',
        csvCell(item.title),
        csvCell(item.detail),
        item.blocking ? 'yes' : 'no',
        csvCell(item.review?.by ?? null),
        csvCell(item.review?.at ?? null),
        csvCell(item.review?.note ?? null),
      ].join(','),
    );
  return { text: `${lines.join('\r\n')}\r\n`, rows: lines.length - 1 };
}

/** The summary a reviewer signs off: period, per-asset table, exceptions, who closed it, the chain head. */
export function sessionSummary(session: ReconSessionView): string {
  const sandbox = session.environment === 'sandbox' ? '  SANDBOX — not real money\n' : '';
  const table = session.lines.map((l) => {
    const unit = unitOf(l.coin, l.network);
    const status = l.flagged ? `FLAGGED: ${l.reasons.join('; ')}` : 'reconciled';
    return [
      `- ${unit}`,
      `    start    ${amount(l.start?.total) || 'none'} (snapshot ${l.start?.at ?? 'none'}; frozen ${amount(l.start?.frozen) || '?'})`,
      `    end      ${amount(l.end?.total) || 'none'} (snapshot ${l.end?.at ?? 'none'}; frozen ${amount(l.end?.frozen) || '?'})`,
      `    expected ${l.expected}`,
      `    observed ${l.observed ?? 'unknown'}`,
      `    difference ${l.difference ?? 'unknown'}  ${status}`,
    ].join('\n');
  });
  const gaps = session.lines.flatMap((l) => l.gaps.map((g) => `- ${unitOf(l.coin, l.network)}: ${g.words}`));
  const coverage = gaps.length
    ? ['Coverage: INCOMPLETE — changes in these stretches were not observed and are not reconciled:', ...gaps]
    : [
        `Coverage: a balance was seen within ${COVERAGE_TOLERANCE_MINUTES} minutes of both ends for every asset`,
      ];
  const closed = session.closed;
  return [
    `Merchant Desk reconciliation session ${session.id}`,
    sandbox + `Environment: ${session.environment} · profile ${session.profileId}`,
    `Period: ${session.period.from} to ${session.period.to}`,
    `Figures as of: ${session.asOf}`,
    ...coverage,
    '',
    'Per asset (amounts in coin units; balance = available + frozen):',
    ...table,
    '',
    session.exceptions.length ? 'Exceptions:' : 'Exceptions: none',
    ...session.exceptions.map((e) => `- ${e}`),
    '',
    closed
      ? `Closed ${closed.withExceptions ? 'WITH EXCEPTIONS ' : ''}by ${closed.by} at ${closed.at}: ${closed.note}`
      : 'Not closed.',
    `Journal chain: ${session.chain.ok ? `intact, ${session.chain.events} events, head ${session.chain.head}` : 'DID NOT VERIFY'}`,
    '',
  ].join('\n');
}

/** Writes both files atomically; if the second cannot be written, the first is removed (no half report). */
export function writeReport(path: string, session: ReconSessionView) {
  const csv = sessionCsv(session);
  const summaryPath = `${path.replace(/\.csv$/i, '')}.summary.txt`;
  writeFileAtomic(path, csv.text);
  try {
    writeFileAtomic(summaryPath, sessionSummary(session));
  } catch (error) {
    rmSync(path, { force: true });
    throw error;
  }
  return { path, summaryPath, rows: csv.rows };
}
