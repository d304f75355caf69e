// The renderer benchmark (issues 5 and 14): initial JS and time to a usable shell beside a bare React
// page, per-screen lazy JS, the rate table's frame time with thousands of assets ticking, the rates
// store's cost per tick, and the Journal list over a journal of up to 100 000 entries, in one run.
// Writes test/bench/results/renderer.json (the shared figure shape; `npm run bench` merges it).
// Needs `npm run build:e2e` first (the renderer and the test host's bridge); builds the bare page and the
// start figures' stand-in preload itself.
// BENCH_SMOKE=1: tiny sizes, to prove it works; BENCH_RENDERER_OUT: where to write the JSON.
// BENCH_ONLY=frames: only the frame figures (rate table, Journal list, their floors), printed as a table
// (written to BENCH_RENDERER_OUT only if set); BENCH_BEFORE=<a renderer build folder> then takes every
// frame run in turns with that build too, for a before/after in the same run (frames-only.ts).
import { existsSync, readFileSync } from 'node:fs';
import { cpus, platform } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCREENS } from '@renderer/shell/routes';
import { startHost } from '@test/system/e2e/host/server';
import { BARE_OUT_DIR } from '../bare-react/vite.config';
import { DOOR_SCRIPT } from '../electron-door/vite.config';
import { launchChromium } from './browser';
import { buildFigures, type Measured } from './build-figures';
import { initialJs, screenChunks } from './bundle-size';
import { benchConfig } from './config';
import { floorFrames, rateTableFrames, SCROLL, type FloorResult, type FrameResult } from './frames';
import { formatFramesOnly, framesOnly, writeFramesOnly } from './frames-only';
import { startTimes } from './interactive';
import { JOURNAL_PX_PER_FRAME, journalList, type JournalListResult } from './journal-list';
import { formatTable, writeFragment } from './report';
import { buildStartPages } from './start-pages';
import { ratesStoreCost } from './store-cost';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const APP_OUT_DIR = `${ROOT}out/renderer`;
// BENCH_OUT is the folder `npm run bench` writes every fragment to; BENCH_RENDERER_OUT names this file.
const RESULTS =
  process.env.BENCH_RENDERER_OUT ??
  (process.env.BENCH_OUT
    ? join(process.env.BENCH_OUT, 'renderer.json')
    : `${ROOT}test/bench/results/renderer.json`);

async function main(): Promise<number> {
  const config = benchConfig();
  if (!existsSync(`${APP_OUT_DIR}/index.html`))
    throw new Error('out/renderer is missing: run `npm run build:e2e` first.');
  if (process.env.BENCH_ONLY === 'frames') return onlyFrames(config);
  await buildStartPages();

  const app = initialJs(APP_OUT_DIR);
  const bare = initialJs(BARE_OUT_DIR);
  const screensSource = readFileSync(`${ROOT}src-renderer/src/shell/screens.tsx`, 'utf8');
  const screens = screenChunks(
    APP_OUT_DIR,
    screensSource,
    SCREENS.map((s) => s.id),
    app,
  );
  // In Node, before the browsers start: the store's own cost per tick, sorted by price (the worst).
  const store = config.assetCurve.map((n) => ratesStoreCost(n, 'price', config.storeTicks));

  const host = await startHost();
  let measured: Measured;
  let chromium: string;
  try {
    const browser = await launchChromium();
    chromium = browser.version();
    const tti = await startTimes(
      browser,
      { host: host.url, bareDir: BARE_OUT_DIR, appDir: APP_OUT_DIR, preload: DOOR_SCRIPT },
      { judged: config.startLoads, host: config.loads },
    );
    await browser.close();

    // A separate browser: the uncapped frame rate would only add noise to the load timings above.
    const uncapped = await launchChromium(true);
    const rates: FrameResult[] = [];
    // The floor beside each judged run, so both see the same load on a shared machine.
    const floor: { rates: FloorResult[]; journal: FloorResult[] } = { rates: [], journal: [] };
    for (const assets of config.assetCurve) {
      const runs = assets === config.assets ? config.frameRuns : 1;
      for (let i = 0; i < runs; i++) {
        if (assets === config.assets)
          floor.rates.push(await floorFrames(uncapped, SCROLL.pxPerFrame, config.scrollOnlyMs));
        rates.push(await rateTableFrames(uncapped, host, assets, config.ticks, config.scrollOnlyMs));
      }
    }
    for (let i = 0; i < config.frameRuns; i++)
      floor.journal.push(await floorFrames(uncapped, JOURNAL_PX_PER_FRAME, config.journalScrollMs));
    // The real poller was stopped by the rate runs; the journal runs do not need it.
    const journal: JournalListResult[] = [];
    for (const entries of config.journalSizes)
      journal.push(
        await journalList(uncapped, host, entries, {
          visits: config.journalVisits,
          scrollMs: config.journalScrollMs,
        }),
      );
    await uncapped.close();
    measured = {
      app,
      bare,
      screens,
      tti: {
        shell: tti.shell!,
        overview: tti.overview!,
        bare: tti.bare!,
        shellOwn: tti['shell-own']!,
        shellPreload: tti['shell-preload']!,
      },
      rates,
      judgedAssets: config.assets,
      store,
      journal,
      floor,
    };
  } finally {
    await host.close();
  }
  const figures = buildFigures(measured);
  console.log(formatTable(figures));
  writeFragment(RESULTS, {
    runAt: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version, platform: platform(), chromium },
    smoke: config.smoke,
    figures,
    details: {
      initialChunks: app.chunks,
      bareChunks: bare.chunks,
      interactiveRuns: Object.fromEntries(Object.entries(measured.tti).map(([k, v]) => [k, v.runs])),
      rateRuns: measured.rates,
      storeCost: store,
      journal: measured.journal,
      floor: measured.floor,
    },
  });
  console.log(`\nwritten to ${RESULTS.startsWith(ROOT) ? RESULTS.slice(ROOT.length) : RESULTS}`);
  return figures.every((f) => f.pass !== false) ? 0 : 1;
}

async function onlyFrames(config: ReturnType<typeof benchConfig>): Promise<number> {
  const before = process.env.BENCH_BEFORE ?? null;
  if (before && !existsSync(join(before, 'index.html')))
    throw new Error(`BENCH_BEFORE=${before} holds no renderer build (index.html)`);
  const host = await startHost();
  try {
    const browser = await launchChromium(true);
    const result = await framesOnly(browser, host, config, before);
    await browser.close();
    console.log(formatFramesOnly(result));
    if (process.env.BENCH_RENDERER_OUT) writeFramesOnly(process.env.BENCH_RENDERER_OUT, result);
    return 0;
  } finally {
    await host.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
