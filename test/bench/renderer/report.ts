import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Figure } from './figures';

/** renderer.json: the figures in the shared shape, plus the raw runs behind them. */
export interface RendererFragment {
  runAt: string;
  machine: { cpus: number; node: string; platform: string; chromium: string };
  /** BENCH_SMOKE: tiny sizes to prove the runner works; its timings mean nothing. */
  smoke: boolean;
  figures: Figure[];
  details: Record<string, unknown>;
}

const show = (value: number | null, unit: string) =>
  value === null ? '' : unit === 'ratio' ? `${value}x` : `${value} ${unit}`;

/** A plain-text table for the terminal: figure, result, baseline, ratio, target, pass. */
export function formatTable(figures: readonly Figure[]): string {
  const rows: string[][] = [
    ['figure', 'result', 'baseline', 'ratio', 'target', 'pass'],
    ...figures.map((f) => [
      f.figure,
      show(f.result, f.unit),
      show(f.baseline, f.unit),
      f.ratio === null ? '' : `${f.ratio}x`,
      f.target,
      f.pass === null ? '-' : f.pass ? 'PASS' : 'FAIL',
    ]),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, c) => cell.padEnd(widths[c]!))
      .join('  ')
      .trimEnd();
  const curves = figures
    .filter((f) => f.curve)
    .map((f) => `${f.id}: ${f.curve!.points.map(([x, y]) => `${x} -> ${y}`).join(', ')} (${f.curve!.y})`);
  return [
    line(rows[0]!),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.slice(1).map(line),
    '',
    ...curves,
  ].join('\n');
}

export function writeFragment(path: string, fragment: RendererFragment): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(fragment, null, 2)}\n`);
}
