import { writeFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import type { RunningHost } from '@test/system/e2e/host/server';
import { median } from '../stats';
import type { BenchConfig } from './config';
import { floorFrames, rateTableFrames, SCROLL, type FloorResult, type FrameResult } from './frames';
import { JOURNAL_PX_PER_FRAME, journalList, type JournalListResult } from './journal-list';

/** Which renderer build a run loaded: the current one (out/renderer) or the one named "before". */
type Build = 'after' | 'before';

export interface FramesOnlyResult {
  before: string | null;
  rates: (FrameResult & { build: Build })[];
  journal: (JournalListResult & { build: Build })[];
  floor: { rates: FloorResult[]; journal: FloorResult[] };
}

/**
 * Only the frame figures (run.ts with BENCH_ONLY=frames): the rate table at every size of its curve
 * (`frameRuns` runs at the judged size), the Journal list at every size, and the floor beside each.
 * With `before` (a renderer build folder) every run is taken twice in turns, once per build, in the
 * same browser, host and minute, so a change is judged before and after under the same load.
 */
export async function framesOnly(
  browser: Browser,
  host: RunningHost,
  config: BenchConfig,
  before: string | null,
): Promise<FramesOnlyResult> {
  const builds: [Build, string | undefined][] = before
    ? [
        ['before', before],
        ['after', undefined],
      ]
    : [['after', undefined]];
  const result: FramesOnlyResult = { before, rates: [], journal: [], floor: { rates: [], journal: [] } };
  for (const assets of config.assetCurve) {
    const runs = assets === config.assets ? config.frameRuns : 1;
    for (let i = 0; i < runs; i++) {
      if (assets === config.assets)
        result.floor.rates.push(await floorFrames(browser, SCROLL.pxPerFrame, config.scrollOnlyMs));
      // Taking turns, and starting with a different build each run, so neither is always first.
      for (const [build, dir] of i % 2 ? [...builds].reverse() : builds)
        result.rates.push({
          build,
          ...(await rateTableFrames(browser, host, assets, config.ticks, config.scrollOnlyMs, dir)),
        });
    }
  }
  for (let i = 0; i < config.frameRuns; i++)
    result.floor.journal.push(await floorFrames(browser, JOURNAL_PX_PER_FRAME, config.journalScrollMs));
  for (const entries of config.journalSizes) {
    const runs = entries === config.journalSizes.at(-1) ? config.frameRuns : 1;
    for (let i = 0; i < runs; i++)
      for (const [build, dir] of i % 2 ? [...builds].reverse() : builds)
        result.journal.push({
          build,
          ...(await journalList(browser, host, entries, {
            visits: 1,
            scrollMs: config.journalScrollMs,
            rendererDir: dir,
          })),
        });
  }
  return result;
}

/** A plain table of the frame figures, one line per size and build: medians, then every run. */

/** The runs of each size and build together, in the order first met. */
function bySizeAndBuild<R extends { build: Build }>(runs: readonly R[], size: (run: R) => number): R[][] {
  const groups = new Map<string, R[]>();
  for (const run of runs) {
    const key = `${size(run)}/${run.build}`;
    groups.set(key, [...(groups.get(key) ?? []), run]);
  }
  return [...groups.values()];
}

export function formatFramesOnly(r: FramesOnlyResult): string {
  const lines = [
    `frame figures only (BENCH_ONLY=frames)${r.before ? `, before = ${r.before}` : ''}`,
    `floor (bare virtualised list) p95: rates ${r.floor.rates.map((f) => f.virtualList.p95Ms).join(', ')} ms; journal ${r.floor.journal.map((f) => f.virtualList.p95Ms).join(', ')} ms`,
    'figure | size | build | p95 median | p95 runs | p50 runs | scroll-only p95 runs | ticks on screen before the next',
  ];
  for (const runs of bySizeAndBuild(r.rates, (run) => run.assets)) {
    const { assets, build } = runs[0]!;
    lines.push(
      `rate table | ${assets} | ${build} | ${median(runs.map((x) => x.p95Ms))} | ${runs.map((x) => x.p95Ms).join(', ')} | ${runs.map((x) => x.p50Ms).join(', ')} | ${runs.map((x) => x.scrollOnly.p95Ms).join(', ')} | ${runs.map((x) => `${x.ticksShown}/${x.ticks} (slowest ${x.tickShownMaxMs} ms)`).join(', ')}`,
    );
  }
  for (const runs of bySizeAndBuild(r.journal, (run) => run.entries)) {
    const { entries, build } = runs[0]!;
    lines.push(
      `journal list | ${entries} | ${build} | ${median(runs.map((x) => x.scroll.p95Ms))} | ${runs.map((x) => x.scroll.p95Ms).join(', ')} | ${runs.map((x) => x.scroll.p50Ms).join(', ')} | — | rows in page max ${runs.map((x) => x.domRowsMax).join(', ')}`,
    );
  }
  return lines.join('\n');
}

export function writeFramesOnly(path: string, r: FramesOnlyResult): void {
  writeFileSync(path, `${JSON.stringify({ runAt: new Date().toISOString(), ...r }, null, 2)}\n`);
}
