import type { Browser } from '@playwright/test';
import { newBenchContext } from './browser';
import { median } from '../stats';
import { installProbes, type LoadTarget } from './interactive';

/**
 * Where a cold start's main-thread time goes, from navigation to the probe's frame: Chromium's trace
 * of the renderer's main thread, each top-level task's thread time (CPU, not wall clock) summed by
 * what it did. On a shared 2-core machine the wall-clock figures swing with the neighbours' load;
 * thread time moves far less, so a difference between two pages here is work one of them does.
 */
const PHASES: [phase: string, events: string[]][] = [
  // Creating the document's window runs a preload (init scripts) inside the navigation's commit.
  ['navigation commit (preload included)', ['DocumentLoader::CommitNavigation']],
  ['HTML parse', ['ParseHTML']],
  ['module evaluation', ['v8.evaluateModule', 'v8.compileModule', 'EvaluateScript']],
  ['JS tasks (first render)', ['FunctionCall', 'RunMicrotasks']],
  [
    'style, layout, paint',
    ['ParseAuthorStyleSheet', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit'],
  ],
];
const CATEGORIES = ['toplevel', 'devtools.timeline', 'v8.execute', 'loading', 'blink.user_timing'];
const TASK = 'ThreadControllerImpl::RunTask';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { data?: { documentLoaderURL?: string } };
}

export type CpuBreakdown = Record<string, number>;

/** Thread time (ms) per phase of one trace, up to `readyMs` after the navigation to `url`. */
function breakdown(events: TraceEvent[], url: string, readyMs: number): CpuBreakdown {
  const nav = events
    .filter((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith(url))
    .at(-1);
  if (!nav) throw new Error(`no navigationStart for ${url} in the trace`);
  const end = nav.ts + readyMs * 1000;
  const main = events
    .filter((e) => e.pid === nav.pid && e.tid === nav.tid && e.ph === 'X' && e.dur !== undefined)
    .filter((e) => e.ts >= nav.ts && e.ts <= end)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const out: CpuBreakdown = { 'main thread, total': 0, other: 0 };
  const phaseOf = new Map(PHASES.flatMap(([phase, names]) => names.map((n) => [n, phase] as const)));
  for (const task of main.filter((e) => e.name === TASK)) {
    const taskEnd = task.ts + task.dur!;
    let counted = 0;
    let coveredTo = 0;
    for (const e of main) {
      if (e.ts < task.ts || e.ts + e.dur! > taskEnd || e === task || e.ts < coveredTo) continue;
      const phase = phaseOf.get(e.name);
      if (!phase) continue;
      coveredTo = e.ts + e.dur!;
      counted += e.tdur ?? 0;
      out[phase] = (out[phase] ?? 0) + (e.tdur ?? 0) / 1000;
    }
    out['main thread, total']! += (task.tdur ?? 0) / 1000;
    out.other! += ((task.tdur ?? 0) - counted) / 1000;
  }
  out['wall clock to the probe'] = readyMs;
  return out;
}

/** Median thread time per phase over `runs` cold loads of each target (after one warm-up), in turn. */
export async function startCpu(
  browser: Browser,
  targets: LoadTarget[],
  runs: number,
): Promise<Map<LoadTarget, CpuBreakdown>> {
  const all = new Map<LoadTarget, CpuBreakdown[]>(targets.map((t) => [t, []]));
  for (let i = 0; i <= runs; i++)
    for (const target of targets) {
      const context = await newBenchContext(browser);
      try {
        const page = await context.newPage();
        await page.addInitScript(installProbes, target.probes);
        if (target.preload) await page.addInitScript({ path: target.preload });
        await browser.startTracing(page, { categories: CATEGORIES });
        await page.goto(target.url);
        const probe = target.probes[0]!;
        await page.waitForFunction((p) => window.__benchReadyAt?.[p] !== undefined, probe);
        const readyMs = await page.evaluate((p) => window.__benchReadyAt![p]!, probe);
        const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
        if (i > 0) all.get(target)!.push(breakdown(trace.traceEvents, target.url, readyMs));
      } finally {
        await context.close();
      }
    }
  return new Map(
    [...all].map(([target, loads]) => {
      const keys = [...new Set(loads.flatMap((l) => Object.keys(l)))];
      return [target, Object.fromEntries(keys.map((k) => [k, median(loads.map((l) => l[k] ?? 0))]))];
    }),
  );
}
