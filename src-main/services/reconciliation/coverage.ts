import { COVERAGE_TOLERANCE_MINUTES } from '@shared/recon-coverage';
import type { Period } from '../../storage/port/recon-types';

/**
 * The desk keeps a snapshot whenever it reads balances (at most one a minute), so an hour without one
 * near a bound means the desk was not running or not reading, and the change then was not observed.
 */
const COVERAGE_TOLERANCE_MS = COVERAGE_TOLERANCE_MINUTES * 60_000;

/** A stretch at one end of a period where no balance was seen, with the words shown and reported. */
export interface CoverageGap {
  bound: 'start' | 'end';
  from: string;
  to: string;
  words: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "1 Nov 2026 00:00 UTC": main writes these words into the session and its report, so in UTC. */
export function coverageTime(iso: string): string {
  const d = new Date(iso);
  const hm = `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${hm} UTC`;
}

const gap = (bound: CoverageGap['bound'], from: string, to: string): CoverageGap => ({
  bound,
  from,
  to,
  words: `no balance seen between ${coverageTime(from)} and ${coverageTime(to)}`,
});

function boundGap(bound: CoverageGap['bound'], at: string, snapshotAt: string): CoverageGap | null {
  const distance = Date.parse(snapshotAt) - Date.parse(at);
  if (Math.abs(distance) <= COVERAGE_TOLERANCE_MS) return null;
  return distance > 0 ? gap(bound, at, snapshotAt) : gap(bound, snapshotAt, at);
}

/**
 * Where the snapshots used for a period's start and end are not within the tolerance of those bounds.
 * No snapshot at all leaves the whole period unobserved. A line with a gap is never "reconciled": its
 * difference covers a stretch nobody saw, so a zero there proves nothing.
 */
export function coverageGaps(period: Period, startAt: string | null, endAt: string | null): CoverageGap[] {
  if (startAt === null || endAt === null) return [gap('start', period.from, period.to)];
  const start = boundGap('start', period.from, startAt);
  const end = boundGap('end', period.to, endAt);
  // Both ends may point at one stretch (a single snapshot long after both): say it once.
  if (start && end && start.from === end.from && start.to === end.to) return [start];
  return [start, end].filter((g): g is CoverageGap => g !== null);
}
