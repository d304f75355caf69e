import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { aliases, testAliases } from './aliases';
import { LongestFirst } from './scripts/vitest-order';
import { CHILDREN_DIR, isFresh, ROOT } from './scripts/ensure-built.mjs';

// Three lanes (CONTRIBUTING.md): unit mirrors the sources and needs nothing outside the process but a
// temp folder; integration runs the app's main side whole (the app harness, drills, IPC fuzz, the
// client against the Sandbox, the real keyring); system runs what ships or what a person runs (crash and
// soak in child processes, packaging, the built bundles, the start chain).
// `npm test` runs the three in one pool, after one build (scripts/ensure-built.mjs); `--project <lane>`
// runs one.
const lane = (name: string, extra: Record<string, unknown> = {}, folder = name) => ({
  extends: true as const,
  test: { name, include: [`test/${folder}/**/*.test.ts`, `test/${folder}/**/*.test.tsx`], ...extra },
});

// The benchmarks' smoke runs (test/system/bench: each runs a benchmark at tiny sizes to prove it still
// writes every figure) took about 60 s of the two workers' time, a ninth of the run, and check no
// behaviour of the app: they are their own project, which `npm test` leaves out and the GitHub CI
// workflow and the nightly run (`npm run test:bench-smoke`).
const BENCH_SMOKE = 'test/system/bench/**';
const RENDERER_UNITS = 'test/unit/renderer/**';

// The storage worker compiled from sources costs each start about a second under tsx, and the tests
// start hundreds: when out/ is as new as the sources (`npm test` builds first), they start the built
// storage-worker.js instead (src-main/storage/sqlite/worker-client.ts). A stale or missing build
// leaves them on the sources, so an edit is never tested against an older build.
const builtWorker = isFresh('app')
  ? {
      MD_BUILT_STORAGE_WORKER: join(ROOT, 'out/main/storage-worker.js'),
      // The drills' child processes from their bundles when those are as new too (child-command.ts).
      ...(isFresh('children') ? { MD_BUILT_TEST_CHILDREN: join(ROOT, CHILDREN_DIR) } : {}),
    }
  : {};

export default defineConfig({
  resolve: { alias: { ...aliases, ...testAliases } },
  test: {
    environment: 'node',
    env: builtWorker,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Native modules and child processes: keep the two cores from thrashing.
    maxWorkers: 2,
    // fast-check's seed: fixed in CI, random in the nightly workflow (FC_SEED).
    setupFiles: ['test/helpers/fixed-seeds.ts'],
    // One temp folder for the run, removed at its end (KEEP_TEST_TMP=1 keeps it).
    globalSetup: ['test/helpers/run-temp-folder.ts'],
    // The system lane starts processes (a desk, a build, a browser): on a busy 2-core machine one start
    // took over 20 s, so its tests get a minute; a hang still fails.
    projects: [
      // Vitest imports every module again for each isolated file: for the unit lane that was about half
      // of its time. The unit files outside the renderer share one module graph per worker (no DOM, and
      // none mocks a module; the one with fake timers restores them).
      lane('unit', { isolate: false, exclude: [...configDefaults.exclude, RENDERER_UNITS] }),
      // The renderer's files keep a module graph and a DOM each (a rendered screen and its stores would
      // carry over into the next file), in VM contexts: the libraries (React, happy-dom, Testing Library)
      // load once per worker, not once per file. Measured alone, back to back (load 6-7): 116 s and
      // 131 s of CPU in separate processes, 46 s and 52 s so. The VM loader cannot run recharts' CommonJS
      // build (it requires an ES module), so the optimizer bundles recharts for it: without it the
      // Overview's charts failed to render, silently, behind their error boundary.
      lane(
        'unit-dom',
        { pool: 'vmThreads', deps: { optimizer: { client: { enabled: true, include: ['recharts'] } } } },
        'unit/renderer',
      ),
      // The app harness, the drills and the team tests share one module graph per worker too: every
      // file builds its own app, stores and servers and disposes them; the four that mock `electron`
      // import the entry afresh for each launch (test/helpers/entry-launch.ts), and the one that wraps
      // the Sandbox proves its wrapper ran. Alone (load 6-7): 223 s and 162 s of CPU isolated, 86 s and
      // 88 s shared.
      lane('integration', { isolate: false }),
      lane('system', { testTimeout: 60_000, exclude: [...configDefaults.exclude, BENCH_SMOKE] }),
      lane('bench-smoke', { testTimeout: 60_000 }, 'system/bench'),
    ],
    // The lanes share the pool, longest files first (scripts/vitest-order.ts): no long file ends the
    // run alone on one worker.
    sequence: { sequencer: LongestFirst },
    benchmark: { include: ['test/bench/**/*.bench.ts'] },
  },
});
