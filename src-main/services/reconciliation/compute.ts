import { compareDecimal, subtractDecimal, sumDecimal } from '../../api/decimal';
import type { BalanceSnapshot, Movement, MovementCore, Period } from '../../journal/recon-types';

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
  /** Non-zero difference, or no snapshot to compare with: never hidden. */
  flagged: boolean;
  /** Why it is flagged, in words; empty when it is not. */
  reasons: string[];
  /** The movements counted in `expected`, and those waiting for a person to acknowledge them. */
  counted: M[];
  pending: M[];
}

const pairKey = (coin: string, network: string) => `${coin}:${network}`;
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

/** The period as the snapshots see it, in ms: after the start snapshot, up to the end one. */
function windowOf(start: SnapshotUsed | null, end: SnapshotUsed | null, period: Period) {
  return { from: time(start?.at ?? period.from), to: time(end?.at ?? period.to) };
}

const used = (s: BalanceSnapshot | null): SnapshotUsed | null =>
  s ? { at: s.at, total: s.total, available: s.available, frozen: s.frozen } : null;

/**
 * Per coin and network: start and end balances (nearest snapshots), the expected change (movements
 * the desk knows, between those two snapshots), the observed change and their difference. Pure: the
 * same inputs give the same lines. `acknowledged` holds the keys of outside-the-desk movements a person
 * has acknowledged; only those count.
 */
export function reconcile<M extends MovementCore>(input: {
  period: Period;
  snapshots: readonly BalanceSnapshot[];
  movements: readonly M[];
  acknowledged: ReadonlySet<string>;
}): AssetLine<M>[] {
  // One pass to group by pair (a year holds tens of thousands of movements over a handful of pairs).
  const pairs = new Map<
    string,
    { coin: string; network: string; snapshots: BalanceSnapshot[]; moves: M[] }
  >();
  const pairOf = (item: { coin: string; network: string }) => {
    const key = pairKey(item.coin, item.network);
    let found = pairs.get(key);
    if (!found)
      pairs.set(key, (found = { coin: item.coin, network: item.network, snapshots: [], moves: [] }));
    return found;
  };
  for (const s of input.snapshots) pairOf(s).snapshots.push(s);
  for (const m of input.movements) pairOf(m).moves.push(m);
  const lines: AssetLine<M>[] = [];
  for (const [, { coin, network, snapshots, moves: all }] of [...pairs].sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    const start = used(nearestSnapshot(snapshots, input.period.from));
    const end = used(nearestSnapshot(snapshots, input.period.to));
    const window = windowOf(start, end, input.period);
    const moves = all.filter((m) => {
      const t = time(m.at);
      return t > window.from && t <= window.to;
    });
    const counted = moves.filter((m) => !m.outside || input.acknowledged.has(m.key));
    const pending = moves.filter((m) => m.outside && !input.acknowledged.has(m.key));
    const expected = sumDecimal(counted.map((m) => m.effect));
    const observed = start && end ? subtractDecimal(end.total, start.total) : null;
    const difference = observed === null ? null : subtractDecimal(observed, expected);
    const reasons: string[] = [];
    if (!start || !end) reasons.push('no balance snapshot to compare with');
    else if (start.at === end.at && moves.length > 0)
      reasons.push('the same snapshot is used for the start and the end');
    if (difference !== null && compareDecimal(difference, '0') !== 0)
      reasons.push('the observed change differs from what the desk knows');
    if (pending.length > 0) reasons.push('activity made outside the desk is not acknowledged yet');
    lines.push({
      coin,
      network,
      start,
      end,
      expected,
      observed,
      difference,
      flagged: reasons.length > 0,
      reasons,
      counted,
      pending,
    });
  }
  return lines;
}
