// The renderer benchmark (issue 5): initial JS size and time to interactive beside a bare React
// page, and the rate table's frame time with 500 assets ticking every second, in one run.
// Needs `npm run build:e2e` first (the renderer and the test host's bridge); builds the bare page itself.
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { startHost } from '../../e2e/host/server';
import { BARE_OUT_DIR } from '../bare-react/vite.config';
import { launchChromium } from './browser';
import { initialJs } from './bundle-size';
import { rateTableFrames, type FrameResult } from './frames';
import { timeToInteractive } from './interactive';
import { formatTable, writeJson, type RendererBench } from './report';
import { serveStatic } from './static-server';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const APP_OUT_DIR = `${ROOT}out/renderer`;
const RESULTS = `${ROOT}test/bench/results/renderer.json`;
const TARGET_INITIAL_KB = 250;
const TARGET_P95_MS = 16;
// Bounded: the machine has 2 cores and may be shared; override for a steadier median.
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ASSETS = 500;
const TICKS = Number(process.env.BENCH_TICKS ?? 10);
// One frame run on a shared 2-core machine swings from ~10 to ~19 ms p95 for the same code: judge on
// the median of several runs, and show them all.
const FRAME_RUNS = Number(process.env.BENCH_FRAME_RUNS ?? 3);

async function main(): Promise<number> {
  if (!existsSync(`${APP_OUT_DIR}/index.html`))
    throw new Error('out/renderer is missing: run `npm run build:e2e` first.');
  await build({ configFile: fileURLToPath(new URL('../bare-react/vite.config.ts', import.meta.url)) });

  const app = initialJs(APP_OUT_DIR);
  const bare = initialJs(BARE_OUT_DIR);

  const host = await startHost();
  const bareServer = await serveStatic(BARE_OUT_DIR);
  let result: RendererBench;
  try {
    const browser = await launchChromium();
    const chromium = browser.version();
    const appTti = await timeToInteractive(browser, host.url, 'overview', RUNS);
    const bareTti = await timeToInteractive(browser, bareServer.url, 'bare', RUNS);
    await browser.close();

    // A separate browser: the uncapped frame rate would only add noise to the load timings above.
    const uncapped = await launchChromium(true);
    const runs: FrameResult[] = [];
    for (let i = 0; i < FRAME_RUNS; i++) runs.push(await rateTableFrames(uncapped, host, ASSETS, TICKS));
    await uncapped.close();
    const byP95 = [...runs].sort((a, b) => a.p95Ms - b.p95Ms);
    const frames = byP95[Math.floor((byP95.length - 1) / 2)]!;
    const rowsUpdated = runs.every((run) => run.rowsChecked > 0 && run.rowsMatched / run.rowsChecked >= 0.95);

    result = {
      at: new Date().toISOString(),
      machine: { cpus: cpus().length, chromium },
      initialJs: {
        app,
        bare,
        ratio: app.gzipBytes / bare.gzipBytes,
        targetKb: TARGET_INITIAL_KB,
        pass: app.gzipBytes <= TARGET_INITIAL_KB * 1024,
      },
      interactive: { app: appTti, bare: bareTti, ratio: appTti.medianMs / bareTti.medianMs },
      rateTable: {
        ...frames,
        p95Runs: runs.map((run) => run.p95Ms),
        targetP95Ms: TARGET_P95_MS,
        // Rows that never update would make any frame time meaningless: require them to, in every run.
        pass: frames.p95Ms < TARGET_P95_MS && rowsUpdated,
      },
    };
  } finally {
    await bareServer.close();
    await host.close();
  }
  console.log(formatTable(result));
  writeJson(RESULTS, result);
  console.log(`\nwritten to ${RESULTS.slice(ROOT.length)}`);
  return result.initialJs.pass && result.rateTable.pass ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
