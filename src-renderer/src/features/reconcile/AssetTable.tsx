import type { AssetLineView } from '@contract';
import { Amount } from '../../components/Money';
import { Badge } from '../../components/Badge';
import { ScrollTable } from '../../components/ScrollTable';
import { TableHead, num } from '../../components/TableParts';
import { formatZonedDateTimeToSecond, zonedDateTimeParts } from '../../lib/zoned-time';
import { networkLabel } from '../../lib/network-names';
import { KIND_WORDS, signed } from './recon-words';
import { countOf } from '../../lib/humanize';
import { formatCount } from '../../lib/humanize';

/** A signed change with its unit: the sign is its own character so "+" and "-" are never lost. */
function Change({ value, unit, testId }: { value: string | null; unit: string; testId?: string }) {
  const text = signed(value);
  if (text === null)
    return (
      <span className="muted" data-testid={testId}>
        unknown
      </span>
    );
  const sign = text.startsWith('-') ? '−' : text.startsWith('+') ? '+' : '';
  return (
    <span className="recon-change" data-testid={testId} data-value={value}>
      {sign}
      <Amount value={text.replace(/^[-+]/, '')} unit={unit} />
    </span>
  );
}

function Balance({ snapshot, unit }: { snapshot: AssetLineView['start']; unit: string }) {
  if (!snapshot) return <span className="muted">no snapshot</span>;
  const taken = zonedDateTimeParts(snapshot.at);
  return (
    <>
      <Amount value={snapshot.total} unit={unit} />
      <span className="recon-snap" title={`Snapshot taken ${formatZonedDateTimeToSecond(snapshot.at)}`}>
        <span>frozen {snapshot.frozen ?? '?'}</span>{' '}
        {taken ? (
          <span>
            <span>{taken.day}</span> <span>{taken.time}</span>
          </span>
        ) : (
          <span>{snapshot.at}</span>
        )}
      </span>
    </>
  );
}

/** Reconciled, or why not: the badge and the reasons in words. */
function RowStatus({ line, testId }: { line: AssetLineView; testId?: string }) {
  if (!line.flagged) return <Badge tone="good">✓ Reconciled</Badge>;
  return (
    <>
      <Badge tone="bad" testId={testId}>
        {line.gaps.length > 0 ? '⚠ Not observed' : '⚠ Difference'}
      </Badge>
      <span className="recon-reasons">{line.reasons.join('; ')}</span>
    </>
  );
}

const rank = (lines: AssetLineView[]) => [
  ...lines.filter((l) => l.flagged),
  ...lines.filter((l) => !l.flagged && l.movementCount > 0),
  ...lines.filter((l) => !l.flagged && l.movementCount === 0),
];

/** Per coin and network: start, end, expected, observed and the signed difference. Flagged rows are unmissable. */
export function AssetTable({ lines, names }: { lines: AssetLineView[]; names: ReadonlyMap<string, string> }) {
  return (
    <ScrollTable
      label="Balances by asset"
      caption="For each coin and network with its status: balance at the start and end of the period, the expected and observed change, and the difference"
      className="recon-table"
      testId="recon-assets"
    >
      <TableHead
        columns={[
          'Asset and status',
          num('Start balance'),
          num('End balance'),
          num('Expected change'),
          num('Observed change'),
          num('Difference'),
        ]}
      />
      <tbody>
        {/* Flagged rows first, then those that moved: no difference is ever below the fold. */}
        {rank(lines).map((line) => {
          const unit = line.coin.toUpperCase();
          return (
            <tr
              key={`${line.coin}:${line.network}`}
              className={line.flagged ? 'recon-row recon-row--flagged' : 'recon-row'}
              data-testid="recon-asset-row"
              data-pair={`${line.coin}:${line.network}`}
              data-flagged={line.flagged}
            >
              <th scope="row">
                {unit} · {networkLabel(names, line.network)}
                {/* The status stands under the asset, never in a last column that six-decimal figures
                    push out of sight at 960 px (issue 25). */}
                <span className="recon-status-inline">
                  <RowStatus line={line} testId="recon-flag" />
                </span>
                {line.movementCount > 0 && (
                  <details className="recon-moves">
                    <summary>{countOf(line.movementCount, 'movement')}</summary>
                    {line.movementCount > line.movements.length && (
                      <p className="recon-moves-note" data-testid="recon-moves-note">
                        The newest {formatCount(line.movements.length)} are listed here; the session&apos;s
                        report lists every one.
                      </p>
                    )}
                    <ul>
                      {line.movements.map((m) => (
                        <li key={m.key}>
                          {KIND_WORDS[m.kind]}: <Change value={m.effect} unit={unit} />
                          {m.kind === 'withdrawal-release' && (
                            <>
                              {' '}
                              (released {m.amount} {unit})
                            </>
                          )}
                          {!m.counted && ' — not counted until acknowledged'}
                          {m.entryId !== null && <> · journal entry #{m.entryId}</>}
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
              </th>
              <td className="num">
                <Balance snapshot={line.start} unit={unit} />
              </td>
              <td className="num">
                <Balance snapshot={line.end} unit={unit} />
              </td>
              <td className="num">
                <Change value={line.expected} unit={unit} testId="recon-expected" />
              </td>
              <td className="num">
                <Change value={line.observed} unit={unit} testId="recon-observed" />
              </td>
              <td className="num recon-diff">
                <Change value={line.difference} unit={unit} testId="recon-difference" />
              </td>
            </tr>
          );
        })}
      </tbody>
    </ScrollTable>
  );
}
