import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { DecimalString } from '@shared/domain/wire';
import type { BalanceHistoryStore } from '../storage/port/side-stores';
import { writeFileAtomic } from './atomic-file';

const Point = z.object({ at: z.string(), totalUsd: DecimalString });
const HistoryFile = z.object({ version: z.literal(1), points: z.array(Point) });
export type BalancePoint = z.infer<typeof Point>;

/**
 * Local snapshots of the total USD valuation, one per refresh, for the overview's history chart.
 * The service keeps no such history, so we do; bounded so a year of refreshes stays small.
 */
export function createBalanceHistory(dir: string, profileId: string, limit = 2000): BalanceHistoryStore {
  const file = join(dir, `balance-history-${profileId}.json`);
  let points: BalancePoint[] = load();

  function load(): BalancePoint[] {
    try {
      const parsed = HistoryFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      return parsed.success ? parsed.data.points : [];
    } catch {
      return [];
    }
  }

  return {
    points: (): BalancePoint[] => points,
    record(point: BalancePoint, minGapMs = 60_000): void {
      const [before, last] = points.slice(-2);
      // Refreshing every few seconds should not flood the chart: one point per minute is kept, plus a
      // trailing point that follows the latest refresh. The trailing point is compared with the point
      // before it (not with the new one), so it moves forward until it is a minute past that point and
      // then stays; comparing with the newest snapshot would replace it forever at 5 s polling.
      if (before && last && Date.parse(last.at) - Date.parse(before.at) < minGapMs)
        points = [...points.slice(0, -1), point];
      else points = [...points, point].slice(-limit);
      writeFileAtomic(file, JSON.stringify({ version: 1, points }));
    },
  };
}
export type { BalanceHistoryStore } from '../storage/port/side-stores';
