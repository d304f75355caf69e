// npm run bench: every figure of issue 14 in one go. Main-side figures here, then the renderer
// runner (test/bench/renderer/run.ts, needs the e2e build), then the aggregator: results.json,
// results.md and one SVG per curve in test/bench/results/ (BENCH_OUT to write elsewhere).
// BENCH_SMOKE=1: tiny sizes and no renderer run, to prove the runner and the aggregator work.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { aggregate } from './aggregate';
import { mainFigures } from './main/main-figures';
import { SMOKE } from './sizes';
import { teamFigures } from './team/team-figures';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OUT = process.env.BENCH_OUT ?? join(ROOT, 'test/bench/results');

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  // BENCH_TEAM_ONLY=1: only issue 27's team ledger figures (they start a PostgreSQL cluster of their own);
  // BENCH_SKIP_TEAM=1: all but those.
  const teamOnly = process.env.BENCH_TEAM_ONLY === '1';
  const figures = [
    ...(teamOnly ? [] : await mainFigures()),
    ...(process.env.BENCH_SKIP_TEAM === '1' ? [] : await teamFigures()),
  ];
  writeFileSync(join(OUT, 'main.json'), `${JSON.stringify({ figures }, null, 2)}\n`);
  if (!SMOKE && !teamOnly && process.env.BENCH_SKIP_RENDERER !== '1') {
    const run = (args: string[]) => execFileSync(args[0]!, args.slice(1), { cwd: ROOT, stdio: 'inherit' });
    run(['npm', 'run', 'build:e2e']);
    try {
      run([process.execPath, '--import', 'tsx', 'test/bench/renderer/run.ts']);
    } catch {
      // A failed target exits non-zero; its figures are written all the same and the table says so.
      console.error('bench: the renderer runner reported a failure (see its figures)');
    }
  }
  const results = aggregate(OUT);
  console.log(`bench: ${results.figures.length} figures in ${OUT}/results.md`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
