import type { ReconFacts } from '../../storage/sqlite/recon-facts';
import type { Period } from '../../storage/port/recon-types';
import { reconcile } from './compute';
import { shownLines, type ShownLine } from './line-view';

export interface Figures {
  lines: ShownLine[];
  /** From the earliest of the period's start and the snapshots found to the latest. */
  around: Period;
}

/**
 * A session's lines from the journal's facts: each pair's movements read between that pair's two
 * snapshots (what the figures need of each, from an index), and only those a line lists read whole.
 * `listed` caps each line's list; undefined lists every movement (the report a closed session keeps).
 */
export function figuresOf(
  facts: ReconFacts,
  profileId: string,
  period: Period,
  acknowledged: ReadonlySet<string>,
  listed?: number,
): Figures {
  const snapshots = facts.snapshotsAround(profileId, period);
  const times = [period.from, period.to, ...snapshots.map((s) => s.at)].sort();
  const around = { from: times[0]!, to: times[times.length - 1]! };
  const lines = reconcile({
    period,
    snapshots,
    movementPairs: facts.pairsBetween(profileId, around.from, around.to),
    movementsIn: (pair, from, to) => facts.movementFacts(profileId, pair, from, to),
    acknowledged,
  });
  return { lines: shownLines(lines, (ids) => facts.movementsById(ids), listed), around };
}
