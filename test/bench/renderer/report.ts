import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { InitialJs } from './bundle-size';
import type { FrameResult } from './frames';
import type { InteractiveResult } from './interactive';

export interface RendererBench {
  at: string;
  machine: { cpus: number; chromium: string };
  initialJs: { app: InitialJs; bare: InitialJs; ratio: number; targetKb: number; pass: boolean };
  interactive: { app: InteractiveResult; bare: InteractiveResult; ratio: number };
  /** The run with the median p95 of `p95Runs`. */
  rateTable: FrameResult & { p95Runs: number[]; targetP95Ms: number; pass: boolean };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');

/** A plain-text table for the terminal, one line per figure, each with its target and run count. */
export function formatTable(r: RendererBench): string {
  const { initialJs: js, interactive: tti, rateTable: rt } = r;
  const rows: string[][] = [
    ['metric', 'app', 'bare React', 'ratio', 'target', 'result'],
    [
      'initial JS (gzip -9)',
      kb(js.app.gzipBytes),
      kb(js.bare.gzipBytes),
      `${js.ratio.toFixed(2)}x`,
      `<= ${js.targetKb} KB`,
      verdict(js.pass),
    ],
    [
      `navigation -> interactive (median of ${tti.app.runs.length}/${tti.bare.runs.length})`,
      `${tti.app.medianMs} ms`,
      `${tti.bare.medianMs} ms`,
      `${tti.ratio.toFixed(2)}x`,
      'reported',
      '-',
    ],
    [
      `rate table frame p95 (median of ${rt.p95Runs.length} runs, ${rt.ticks} ticks x ${rt.assets})`,
      `${rt.p95Ms} ms`,
      '',
      '',
      `< ${rt.targetP95Ms} ms`,
      verdict(rt.pass),
    ],
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, c) => cell.padEnd(widths[c]!))
      .join('  ')
      .trimEnd();
  const out = [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)];
  out.push(
    '',
    `initial chunks (app): ${js.app.chunks.map((c) => `${c.file} ${kb(c.gzipBytes)}`).join(', ')}`,
    `interactive runs, ms: app [${tti.app.runs.join(', ')}]; bare [${tti.bare.runs.join(', ')}] (each after 1 discarded warm-up)`,
    `rate table p95 per run, ms: [${rt.p95Runs.join(', ')}]; median run (${rt.frames} frames): p50 ${rt.p50Ms} ms, p95 ${rt.p95Ms} ms, max ${rt.maxMs} ms; ${rt.over16Ms} frames >= 16 ms; ` +
      `scroll alone (no ticks, ${rt.scrollOnly.frames} frames): p50 ${rt.scrollOnly.p50Ms} ms, p95 ${rt.scrollOnly.p95Ms} ms; ` +
      `long tasks ${rt.longTasks.count} (max ${rt.longTasks.maxMs} ms, total ${rt.longTasks.totalMs} ms); scrolled ${rt.scrolledPx} px`,
    `rows updating: ${rt.rowsMatched}/${rt.rowsChecked} rendered rows showed the price of the tick just sent`,
    `machine: ${r.machine.cpus} CPUs, ${r.machine.chromium}`,
  );
  return out.join('\n');
}

export function writeJson(path: string, result: RendererBench): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(result, null, 2)}\n`);
}
