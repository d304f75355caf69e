import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { pgUnavailable } from '../../helpers/pg-cluster';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'md-bench-team-smoke-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

// Issue 27's figures (timings are not checked: this proves their code runs against a real server).
const FIGURES = [
  'team-claim-contended-p95',
  'team-sync-visible-p95',
  'team-first-page-p95',
  'team-search-p95',
];

const reason = pgUnavailable();
// Like the team integration tests: skipped with the reason where PostgreSQL cannot run, never in CI.
const suite = reason && !process.env.CI ? describe.skip : describe;

suite(
  `npm run bench, team ledger smoke run (BENCH_SMOKE=1 BENCH_TEAM_ONLY=1)${reason ? ` (${reason})` : ''}`,
  () => {
    it('writes the four team figures, each with a finite result and a target', () => {
      execFileSync(process.execPath, ['--import', 'tsx', 'test/bench/run.ts'], {
        cwd: ROOT,
        env: { ...process.env, BENCH_SMOKE: '1', BENCH_TEAM_ONLY: '1', BENCH_OUT: out },
        stdio: 'pipe',
        timeout: 110_000,
      });
      const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as {
        figures: { id: string; result: number; baseline: number | null; target: string; note?: string }[];
      };
      expect(results.figures.map((f) => f.id).sort()).toEqual([...FIGURES].sort());
      for (const f of results.figures) {
        expect(Number.isFinite(f.result) && f.result > 0, f.id).toBe(true);
        expect(f.target, f.id).not.toBe('');
      }
      const claims = results.figures.find((f) => f.id === 'team-claim-contended-p95')!;
      expect(claims.note).toContain('one winner in each (checked)');
      expect(claims.baseline).toBeGreaterThan(0);
      expect(readFileSync(join(out, 'results.md'), 'utf8')).toContain('team-sync-visible-p95');
    }, 120_000);
  },
);
