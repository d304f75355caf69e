import { compareDecimal, subtractDecimal, sumDecimal } from '@shared/money/exact';
import type { BalanceSnapshot, Movement, MovementCore, Pair, Period } from '../../storage/port/recon-types';
import { coverageGaps, type CoverageGap } from './coverage';

export interface SnapshotUsed {
  at: string;
  total: string;
  available: string | null;
  frozen: string | null;
}

export interface AssetLine<M extends MovementCore = Movement> {
  coin: string;
  network: string;
  start: SnapshotUsed | null;
  end: SnapshotUsed | null;
  /** Sum of the counted movements' effects on the total balance. */
  expected: string;
  /** end.total - start.total; null when a snapshot is missing (then the line is flagged). */
  observed: string | null;
  /** observed - expected; null when observed is. */
  difference: string | null;
  /** Stretches at the period's ends where no balance was seen (see coverage.ts); empty when covered. */
  gaps: CoverageGap[];
  /** Non-zero difference, a coverage gap, or no snapshot to compare with: never hidden. */
  flagged: boolean;
  /** Why it is flagged, in words; empty when it is not. */
  reasons: string[];
  /** The movements counted in `expected`, and those waiting for a person to acknowledge them. */
  counted: M[];
  pending: M[];
}

export const PENDING_REASON = 'activity made outside the desk is not acknowledged yet';

const pairKey = (p: Pair) => `${p.coin}:${p.network}`;
const time = (iso: string) => Date.parse(iso);

/**
 * The snapshot nearest a bound: the last one at or before it, else the first one after it (a period
 * that starts before the first snapshot still has a start). Which one was used is reported with its time.
 */
export function nearestSnapshot(
  snapshots: readonly BalanceSnapshot[],
  bound: string,
): BalanceSnapshot | null {
  const at = time(bound);
  let before: BalanceSnapshot | null = null;
  let after: BalanceSnapshot | null = null;
  for (const s of snapshots) {
    const t = time(s.at);
    if (t <= at && (!before || t >= time(before.at))) before = s;
    if (t > at && (!after || t < time(after.at))) after = s;
  }
  return before ?? after;
}

const used = (s: BalanceSnapshot | null): SnapshotUsed | null =>
  s ? { at: s.at, total: s.total, available: s.available, frozen: s.frozen } : null;

export interface ReconcileInput<M extends MovementCore> {
  period: Period;
  snapshots: readonly BalanceSnapshot[];
  /** The pairs with movements around the period; each pair with a snapshot has a line too. */
  movementPairs: readonly Pair[];
  /** A pair's movements after `from`, up to and including `to`, in time order. */
  movementsIn: (pair: Pair, from: string, to: string) => readonly M[];
  acknowledged: ReadonlySet<string>;
}

/**
 * Per coin and network: start and end balances (nearest snapshots), the expected change (movements
 * the desk knows, after the start snapshot up to the end one), the observed change and their
 * difference. Pure: the same inputs give the same lines. `acknowledged` holds the keys of
 * outside-the-desk movements a person has acknowledged; only those count.
 */
export function reconcile<M extends MovementCore>(input: ReconcileInput<M>): AssetLine<M>[] {
  const pairs = new Map<string, { pair: Pair; snapshots: BalanceSnapshot[] }>();
  const pairOf = (p: Pair) => {
    const key = pairKey(p);
    let found = pairs.get(key);
    if (!found) pairs.set(key, (found = { pair: { coin: p.coin, network: p.network }, snapshots: [] }));
    return found;
  };
  for (const s of input.snapshots) pairOf(s).snapshots.push(s);
  for (const p of input.movementPairs) pairOf(p);
  return [...pairs]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, { pair, snapshots }]) => lineOf(pair, snapshots, input));
}

function lineOf<M extends MovementCore>(
  pair: Pair,
  snapshots: readonly BalanceSnapshot[],
  input: ReconcileInput<M>,
): AssetLine<M> {
  const { period, acknowledged } = input;
  const start = used(nearestSnapshot(snapshots, period.from));
  const end = used(nearestSnapshot(snapshots, period.to));
  // The period as the snapshots see it: after the start snapshot, up to the end one.
  const moves = input.movementsIn(pair, start?.at ?? period.from, end?.at ?? period.to);
  const counted = moves.filter((m) => !m.outside || acknowledged.has(m.key!));
  const pending = moves.filter((m) => m.outside && !acknowledged.has(m.key!));
  const expected = sumDecimal(counted.map((m) => m.effect));
  const observed = start && end ? subtractDecimal(end.total, start.total) : null;
  const difference = observed === null ? null : subtractDecimal(observed, expected);
  const gaps = coverageGaps(period, start?.at ?? null, end?.at ?? null);
  const reasons: string[] = gaps.map((g) => g.words);
  if (!start || !end) reasons.push('no balance snapshot to compare with');
  else if (start.at === end.at && input.movementsIn(pair, period.from, period.to).length > 0)
    reasons.push('the same snapshot is used for the start and the end');
  if (difference !== null && compareDecimal(difference, '0') !== 0)
    reasons.push('the observed change differs from what the desk knows');
  if (pending.length > 0) reasons.push(PENDING_REASON);
  return {
    ...pair,
    start,
    end,
    expected,
    observed,
    difference,
    gaps,
    flagged: reasons.length > 0,
    reasons,
    counted,
    pending,
  };
}
