import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, platform } from 'node:os';
import { join } from 'node:path';
import type { Figure, Results } from './figure';
import { curveSvg } from './svg-chart';

const cell = (v: number | null, unit = '') => (v === null ? '—' : `${v}${unit ? ` ${unit}` : ''}`);
const verdict = (p: boolean | null) => (p === null ? 'reported' : p ? 'PASS' : 'FAIL');
const pipe = (s: string) => s.replace(/\|/g, '\\|');

export function markdown(results: Results, missing: string[]): string {
  const rows = results.figures.map(
    (f) =>
      `| ${pipe(f.figure)} | ${cell(f.result, f.unit === 'ratio' ? '×' : f.unit)} | ${
        f.baseline === null
          ? '—'
          : `${cell(f.baseline, f.unit === 'ratio' ? '' : f.unit)} (${pipe(f.baselineLabel ?? '')})`
      } | ${f.ratio === null ? '—' : `${f.ratio}×`} | ${pipe(f.target)} | ${verdict(f.pass)} |`,
  );
  const curves = results.figures.filter((f) => f.curve);
  const notes = results.figures.filter((f) => f.note).map((f) => `- **${f.id}**: ${f.note}`);
  return [
    `# Benchmark results`,
    '',
    `Run at ${results.runAt} on ${results.machine.cpus} CPUs, Node ${results.machine.node}, ${results.machine.platform}.`,
    '',
    '| figure | result | baseline | ratio | target | pass |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    ...(missing.length ? [`Not in this run: ${missing.join('; ')}.`, ''] : []),
    '## Curves',
    '',
    ...curves.map(
      (f) =>
        `- [${f.id}](${f.id}.svg): ${f.curve!.points.map(([x, y]) => `${x} → ${y}`).join(', ')} (${f.curve!.x} → ${f.curve!.y})`,
    ),
    '',
    ...(notes.length ? ['## Notes', '', ...notes, ''] : []),
  ].join('\n');
}

/**
 * Merges main.json (this runner) and renderer.json (the renderer runner) into results.json, a
 * Markdown table and one SVG per curve. A missing fragment is said so in the table, not hidden.
 */
export function aggregate(dir: string): Results {
  const figures: Figure[] = [];
  const missing: string[] = [];
  for (const name of ['main.json', 'renderer.json']) {
    const file = join(dir, name);
    if (!existsSync(file)) {
      missing.push(`${name} (its runner did not write it)`);
      continue;
    }
    const fragment = JSON.parse(readFileSync(file, 'utf8')) as { figures?: Figure[] };
    if (!Array.isArray(fragment.figures)) {
      missing.push(`${name} (not in the shared figures format)`);
      continue;
    }
    figures.push(...fragment.figures);
  }
  const results: Results = {
    runAt: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version, platform: platform() },
    figures,
  };
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(dir, 'results.md'), markdown(results, missing));
  for (const f of figures) if (f.curve) writeFileSync(join(dir, `${f.id}.svg`), curveSvg(f));
  return results;
}
