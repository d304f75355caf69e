import type { AssetLineView } from '@contract';
import { COVERAGE_TOLERANCE_MINUTES } from '@shared/recon-coverage';
import { networkLabel } from '../../lib/network-names';

const capital = (v: string) => v.charAt(0).toUpperCase() + v.slice(1);

/**
 * Whether a balance was seen near both ends of the period for every asset. A stretch nobody observed
 * is said by name, before the figures: a zero difference over it proves nothing.
 */
export function Coverage({ lines, names }: { lines: AssetLineView[]; names: ReadonlyMap<string, string> }) {
  // Assets with the same unobserved stretch are one line: a desk first run on day 26 has one gap, not 14.
  const byWords = new Map<string, string[]>();
  for (const l of lines)
    for (const g of l.gaps)
      byWords.set(g.words, [
        ...(byWords.get(g.words) ?? []),
        `${l.coin.toUpperCase()} · ${networkLabel(names, l.network)}`,
      ]);
  const gaps = [...byWords].map(([words, units]) => ({
    words,
    units:
      units.length === lines.length && lines.length > 1 ? `every asset (${units.length})` : units.join(', '),
  }));
  if (lines.length === 0) return null;
  if (gaps.length === 0)
    return (
      <p className="recon-coverage muted" data-testid="recon-coverage" data-complete="true">
        Coverage: a balance was seen within {COVERAGE_TOLERANCE_MINUTES} minutes of the start and the end for
        every asset.
      </p>
    );
  return (
    <div className="notice notice--warn recon-coverage" data-testid="recon-coverage" data-complete="false">
      <p className="notice__title">Coverage incomplete: part of this period was not observed</p>
      <ul>
        {gaps.map((g) => (
          <li key={g.words}>
            {capital(g.words)} — {g.units}
          </li>
        ))}
      </ul>
      <p>
        The desk keeps a balance only while it runs. Changes in these stretches cannot be reconciled; the
        session can close only with exceptions, and its report states the gap.
      </p>
    </div>
  );
}
