import type { AssetLineView, ReconSessionView } from '@shared/domain/reconciliation';
import type { MovementFact } from '../../storage/port/recon-store';
import type { Movement } from '../../storage/port/recon-types';
import type { AssetLine } from './compute';

/**
 * How many movements an asset line lists on the screen. A year holds tens of thousands per asset:
 * listing them all made every view (and its copy to the window) cost more than the reconciliation
 * itself, and no one reads them there. The session's report lists every one.
 */
export const MOVEMENTS_LISTED = 200;

const viewOf = (m: Movement, counted: boolean): AssetLineView['movements'][number] => ({
  key: m.key,
  kind: m.kind,
  amount: m.amount,
  effect: m.effect,
  at: m.at,
  entryId: m.entryId,
  outside: m.outside,
  counted,
  source: m.source,
});

/** How many of a line's counted movements to list (the newest): room left beside the uncounted ones. */
const countedListed = (counted: number, pending: number, listed = Number.POSITIVE_INFINITY) =>
  Math.min(counted, Math.max(0, listed - pending));

/** A line whose listed movements are whole; `counted` may hold fewer than `movementCount` says. */
export type ShownLine = AssetLine & { movementCount: number };

function pickShown(lines: readonly AssetLine<MovementFact>[], listed?: number) {
  return lines.map((l) => {
    const keep = countedListed(l.counted.length, l.pending.length, listed);
    const newest = new Set(l.counted.slice(l.counted.length - keep));
    return { line: l, counted: l.counted.filter((m) => newest.has(m) || m.outside) };
  });
}
const idsOf = (picked: ReturnType<typeof pickShown>) =>
  picked.flatMap(({ line, counted }) => [...counted, ...line.pending].map((m) => m.id));

/** The ids of the movements shownLines will need whole, to read them before it runs. */
export const movementIdsShown = (lines: readonly AssetLine<MovementFact>[], listed?: number) =>
  idsOf(pickShown(lines, listed));

/**
 * The lines with the movements they list (see lineViews) and every one a person may act on (the
 * uncounted, and the counted ones made outside the desk) made whole by `load`; the others stay facts.
 */
export function shownLines(
  lines: readonly AssetLine<MovementFact>[],
  load: (ids: readonly number[]) => Map<number, Movement>,
  listed?: number,
): ShownLine[] {
  const picked = pickShown(lines, listed);
  const whole = load(idsOf(picked));
  const wholeOf = (m: MovementFact) => {
    const found = whole.get(m.id);
    if (!found) throw new Error(`Movement ${m.id} could not be read back while the figures were computed.`);
    return found;
  };
  return picked.map(({ line, counted }) => ({
    ...line,
    counted: counted.map(wholeOf),
    pending: line.pending.map(wholeOf),
    movementCount: line.counted.length + line.pending.length,
  }));
}

/**
 * The lines as the contract shows them. `listed`: at most this many movements per line, those not
 * counted (waiting for a person) always, then the newest counted ones; undefined lists all (the report).
 */
export function lineViews(lines: readonly ShownLine[], listed?: number): AssetLineView[] {
  return lines.map((l) => {
    const keep = countedListed(l.movementCount - l.pending.length, l.pending.length, listed);
    return {
      coin: l.coin,
      network: l.network,
      start: l.start,
      end: l.end,
      expected: l.expected,
      observed: l.observed,
      difference: l.difference,
      gaps: l.gaps.map((g) => ({ ...g })),
      flagged: l.flagged,
      reasons: l.reasons,
      movementCount: l.movementCount,
      movements: [
        ...l.counted.slice(l.counted.length - keep).map((m) => viewOf(m, true)),
        ...l.pending.map((m) => viewOf(m, false)),
      ],
    };
  });
}

/** A closed session as recorded; sessions closed before movementCount or gaps existed have none. */
type StoredReport = Omit<ReconSessionView, 'lines' | 'items'> & {
  items: (Omit<ReconSessionView['items'][number], 'ref'> & {
    ref?: ReconSessionView['items'][number]['ref'];
  })[];
  lines: (Omit<AssetLineView, 'movementCount' | 'gaps'> & {
    movementCount?: number;
    gaps?: AssetLineView['gaps'];
  })[];
};

/**
 * A closed session's recorded figures, every movement listed (older records: their list is the count;
 * their coverage was not checked when they closed, so they show no gap rather than an invented one).
 */
export function recordedReport(json: string): ReconSessionView {
  const report = JSON.parse(json) as StoredReport;
  return {
    ...report,
    items: report.items.map((i) => ({ ...i, ref: i.ref ?? null })),
    lines: report.lines.map((l) => ({
      ...l,
      movementCount: l.movementCount ?? l.movements.length,
      gaps: l.gaps ?? [],
    })),
  };
}

/** A recorded report trimmed to what the screen lists. */
export function closedForScreen(report: ReconSessionView): ReconSessionView {
  return {
    ...report,
    lines: report.lines.map((l) => {
      const counted = l.movements.filter((m) => m.counted);
      const pending = l.movements.filter((m) => !m.counted);
      const keep = countedListed(counted.length, pending.length, MOVEMENTS_LISTED);
      return { ...l, movements: [...counted.slice(counted.length - keep), ...pending] };
    }),
  };
}
