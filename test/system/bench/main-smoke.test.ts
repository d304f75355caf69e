import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'md-bench-smoke-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

// Every main-side figure the runner must write (timings are not checked: this proves the runner works).
const FIGURES = [
  'signing-ratio',
  'journal-write-p95',
  'journal-first-page-p95',
  'journal-filtered-p95',
  'journal-search-p95',
  'journal-deep-page-p95',
  'journal-cursor-page-p95',
  'journal-reconciliation-p95',
  'journal-first-chain-check',
  'journal-chain-check-slice',
  'csv-export-memory',
  'csv-export-time',
  'ipc-idle-p95',
  'ipc-loaded-p95',
  'ipc-during-chain-check-p95',
  'ipc-during-export-p95',
  'rates-tick-main-ms',
  'main-startup',
];

describe('npm run bench, smoke run (BENCH_SMOKE=1: tiny sizes, no renderer run)', () => {
  it('writes results.json, results.md and a chart per curve, with every figure present', () => {
    execFileSync(process.execPath, ['--import', 'tsx', 'test/bench/run.ts'], {
      cwd: ROOT,
      // The team ledger's figures have their own smoke run (team-smoke.test.ts: it needs PostgreSQL).
      env: { ...process.env, BENCH_SMOKE: '1', BENCH_SKIP_TEAM: '1', BENCH_OUT: out },
      stdio: 'pipe',
      timeout: 170_000,
    });
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as {
      runAt: string;
      machine: { cpus: number; node: string; platform: string };
      figures: {
        id: string;
        result: number;
        unit: string;
        target: string;
        pass: boolean | null;
        curve: unknown;
      }[];
    };
    expect(Date.parse(results.runAt)).not.toBeNaN();
    expect(results.machine.cpus).toBeGreaterThan(0);
    expect(results.figures.map((f) => f.id).sort()).toEqual([...FIGURES].sort());
    for (const f of results.figures) {
      expect(Number.isFinite(f.result), f.id).toBe(true);
      expect(['ms', 'ratio', 'MB', 'KB']).toContain(f.unit);
      expect(f.target, f.id).not.toBe('');
    }
    const md = readFileSync(join(out, 'results.md'), 'utf8');
    expect(md).toContain('| figure | result | baseline | ratio | target | pass |');
    expect(md).toContain('renderer.json');
    const curves = results.figures.filter((f) => f.curve).map((f) => f.id);
    expect(curves.length).toBeGreaterThanOrEqual(9);
    for (const id of curves) {
      const svg = readFileSync(join(out, `${id}.svg`), 'utf8');
      expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg).toContain('stroke-dasharray');
      expect((svg.match(/<circle /g) ?? []).length).toBe(3);
    }
    expect(existsSync(join(out, 'main.json'))).toBe(true);
  }, 180_000);
});
