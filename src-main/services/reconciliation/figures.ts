import type { MovementFact, ReconFactsStore } from '../../storage/port/recon-store';
import type { Movement, Pair, Period } from '../../storage/port/recon-types';
import { reconcile } from './compute';
import { movementIdsShown, shownLines, type ShownLine } from './line-view';

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
export async function figuresOf(
  facts: ReconFactsStore,
  profileId: string,
  period: Period,
  acknowledged: ReadonlySet<string>,
  listed?: number,
): Promise<Figures> {
  const snapshots = await facts.snapshotsAround(profileId, period);
  const times = [period.from, period.to, ...snapshots.map((s) => s.at)].sort();
  const around = { from: times[0]!, to: times[times.length - 1]! };
  const movementPairs = await facts.pairsBetween(profileId, around.from, around.to);
  // reconcile() is pure and asks for movements by windows the snapshots alone decide: a first pass
  // learns which, they are read (from storage, by promise), and the second pass computes with them.
  const windowKey = (pair: Pair, from: string, to: string) =>
    JSON.stringify([pair.coin, pair.network, from, to]);
  const asked = new Map<string, [Pair, string, string]>();
  const read = new Map<string, readonly MovementFact[]>();
  const input = { period, snapshots, movementPairs, acknowledged };
  reconcile<MovementFact>({
    ...input,
    movementsIn: (pair, from, to) => (asked.set(windowKey(pair, from, to), [pair, from, to]), []),
  });
  for (const [key, [pair, from, to]] of asked)
    read.set(key, await facts.movementFacts(profileId, pair, from, to));
  const lines = reconcile<MovementFact>({
    ...input,
    movementsIn: (pair, from, to) => read.get(windowKey(pair, from, to)) ?? [],
  });
  const ids = movementIdsShown(lines, listed);
  const whole: Map<number, Movement> = await facts.movementsById(ids);
  return { lines: shownLines(lines, () => whole, listed), around };
}
