import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SCREENS } from '@renderer/shell/routes';
import { RENDERER_FIGURE_IDS, screenFigureId, type Figure } from '@test/bench/renderer/figures';
import { ensureBuiltWithHost, ROOT } from '@test/helpers/built-app/build';

// The renderer benchmark at tiny sizes (BENCH_SMOKE=1): proves the runner still measures and writes
// every figure in the shared shape. Its timings mean nothing and are not checked. Needs Debian's
// Chromium (test/helpers/chromium.ts), as the e2e specs do; builds the app and the host bridge if missing or stale (scripts/ensure-built.mjs).
const dir = mkdtempSync(join(tmpdir(), 'md-bench-smoke-'));
const out = join(dir, 'renderer.json');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runBench(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'test/bench/renderer/run.ts')],
      {
        cwd: ROOT,
        env: { ...process.env, BENCH_SMOKE: '1', BENCH_RENDERER_OUT: out },
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? (error.code as number) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

describe('renderer benchmark smoke run', () => {
  it(
    'writes renderer.json with every figure present, in the shared shape',
    { timeout: 300_000 },
    async () => {
      ensureBuiltWithHost();
      const { code, output } = await runBench();
      // 0: every target met, 1: some missed (timings are not this test's business), 2: the runner broke.
      expect(code, output).not.toBe(2);
      expect(code === 0 || code === 1, output).toBe(true);

      const written = JSON.parse(readFileSync(out, 'utf8')) as { smoke: boolean; figures: Figure[] };
      expect(written.smoke).toBe(true);
      const ids = written.figures.map((f) => f.id);
      const wanted = [...RENDERER_FIGURE_IDS, ...SCREENS.map((s) => screenFigureId(s.id))];
      expect(ids.filter((id) => !wanted.includes(id))).toEqual([]);
      expect(wanted.filter((id) => !ids.includes(id))).toEqual([]);

      for (const f of written.figures) {
        expect(
          Object.keys(f)
            .filter((k) => k !== 'note')
            .sort(),
          f.id,
        ).toEqual(
          [
            'baseline',
            'baselineLabel',
            'curve',
            'figure',
            'id',
            'pass',
            'ratio',
            'result',
            'target',
            'unit',
          ].sort(),
        );
        expect(Number.isFinite(f.result) && f.result >= 0, `${f.id} result ${f.result}`).toBe(true);
        expect(['ms', 'ratio', 'MB', 'KB']).toContain(f.unit);
        expect(f.ratio === null || Number.isFinite(f.ratio), f.id).toBe(true);
        expect([true, false, null]).toContain(f.pass);
      }
      // Size-dependent figures carry a curve of three sizes or more.
      for (const id of [
        'rate-table-frame-p95',
        'rate-table-tick-shown',
        'rate-table-store-tick',
        'journal-list-first-paint',
        'journal-list-scroll-p95',
        'journal-list-dom-rows',
      ]) {
        const curve = written.figures.find((f) => f.id === id)?.curve;
        expect(curve?.points.length ?? 0, id).toBeGreaterThanOrEqual(3);
      }
    },
  );
});
