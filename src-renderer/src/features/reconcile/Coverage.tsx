import type { AssetLineView } from '@contract';
import { COVERAGE_TOLERANCE_MINUTES } from '@shared/recon-coverage';
import { networkLabel } from '../../lib/network-names';

/**
 * Whether a balance was seen near both ends of the period for every asset. A stretch nobody observed
 * is said by name, before the figures: a zero difference over it proves nothing.
 */
export function Coverage({ lines, names }: { lines: AssetLineView[]; names: ReadonlyMap<string, string> }) {
  const gaps = lines.flatMap((l) =>
    l.gaps.map((g) => ({
      key: `${l.coin}:${l.network}:${g.bound}`,
      unit: `${l.coin.toUpperCase()} · ${networkLabel(names, l.network)}`,
      words: g.words,
    })),
  );
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
          <li key={g.key}>
            {g.unit}: {g.words}
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
