import type { CloseSteps, ReconSessionView } from '@shared/domain/reconciliation';
import { COVERAGE_TOLERANCE_MINUTES } from '@shared/recon-coverage';

type Status = CloseSteps['coverage']['status'];
type Item = ReconSessionView['items'][number];

const TOLERANCE_MS = COVERAGE_TOLERANCE_MINUTES * 60_000;
const OPEN_ITEM_KINDS: ReadonlySet<Item['kind']> = new Set([
  'unknown-entry',
  'withdrawal-in-flight',
  'outside-activity',
  'rejected-deliveries',
]);

/** A step is clear with nothing blocking; it needs a person while a blocking item has no note yet. */
function statusOf(items: readonly Item[]): Status {
  const blocking = items.filter((i) => i.blocking);
  if (blocking.length === 0) return 'clear';
  return blocking.some((i) => i.review === null) ? 'action' : 'exceptions';
}

const within = (a: string, b: number) => Math.abs(Date.parse(a) - b) <= TOLERANCE_MS;

/**
 * The guided month-end close over a session's figures. Coverage comes first: a month whose start or
 * end nobody observed cannot be reconciled, whatever the later steps say, so the close can never be
 * clean while an end is unseen (each gap is a blocking item until the facts change). `now` decides
 * whether a balance read now would fall near an unseen end (only when that end is within the hour).
 */
export function closeSteps(
  view: Pick<ReconSessionView, 'period' | 'lines' | 'items' | 'exceptions'>,
  now: Date,
): CloseSteps {
  const byKey = new Map(view.items.map((i) => [i.key, i]));
  const bounds = { start: Date.parse(view.period.from), end: Date.parse(view.period.to) };
  const assets = view.lines.map((line) => {
    const unseen = new Set(line.gaps.map((g) => g.bound));
    // No snapshot at all: coverage names the whole period once, under its start; neither end was seen.
    if (!line.start || !line.end) unseen.add('start').add('end');
    const itemKey = `coverage:${line.coin}:${line.network}`;
    return {
      coin: line.coin,
      network: line.network,
      start: { seen: !unseen.has('start'), snapshotAt: line.start?.at ?? null },
      end: { seen: !unseen.has('end'), snapshotAt: line.end?.at ?? null },
      itemKey: byKey.has(itemKey) ? itemKey : null,
      snapshotNowCovers: [...unseen].some((b) => within(now.toISOString(), bounds[b])),
    };
  });
  const coverageItems = view.items.filter((i) => i.kind === 'coverage-gap');
  const openItems = view.items.filter((i) => OPEN_ITEM_KINDS.has(i.kind));
  const differences = view.items.filter((i) => i.kind === 'difference');
  const steps = {
    coverage: { status: statusOf(coverageItems), assets },
    openItems: { status: statusOf(openItems), keys: openItems.map((i) => i.key) },
    differences: { status: statusOf(differences), keys: differences.map((i) => i.key) },
  };
  const next =
    steps.coverage.status === 'action'
      ? 'coverage'
      : steps.openItems.status === 'action'
        ? 'open-items'
        : steps.differences.status === 'action'
          ? 'differences'
          : 'close';
  const covered = assets.every((a) => a.start.seen && a.end.seen);
  return { ...steps, next, cleanClose: covered && view.exceptions.length === 0 };
}

/** Whether a balance read now would cover an unseen end of the session (see closeSteps). */
export const snapshotNowHelps = (steps: CloseSteps) => steps.coverage.assets.some((a) => a.snapshotNowCovers);
