import type { Browser } from '@playwright/test';
import type { RunningHost } from '@test/system/e2e/host/server';
import { percentile } from '../stats';
import { newBenchContext } from './browser';
import {
  buildFloorPage,
  renderedPrices,
  startFrameRecorder,
  stopFrameRecorder,
  textInView,
} from './page-probes';
import { createSyntheticMarket } from './synthetic-rates';
import { roundPrice } from '@renderer/lib/price-format';

export interface FrameStats {
  frames: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  over16Ms: number;
}

export interface FrameResult extends FrameStats {
  assets: number;
  ticks: number;
  /** The same scroll for a few seconds with no ticks: tells scrolling cost from tick cost. */
  scrollOnly: FrameStats;
  longTasks: { count: number; maxMs: number; totalMs: number };
  scrolledPx: number;
  /** Rendered rows whose price matched the tick just sent, out of rows checked (rows must update). */
  rowsChecked: number;
  rowsMatched: number;
  /** Ticks every rendered row showed before the next was sent, and the slowest one's time to do so. */
  ticksShown: number;
  tickShownMaxMs: number;
}

export const SCROLL = { selector: '[data-testid="rates-table"]', pxPerFrame: 25 }; // 1500 px/s at 60 Hz
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
/** How often the rendered prices are read after a tick: about every other frame at 60 Hz. */
const TICK_POLL_MS = 30;
const normalise = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);

/**
 * The rates screen under load: a synthetic `rates:tick` with `assets` assets, every price moving,
 * once a second for `ticks` seconds while the table scrolls without pause; frame times come from
 * requestAnimationFrame deltas in the page. The real poller is stopped first so its own (smaller)
 * sandbox ticks cannot replace the synthetic market halfway through.
 */
export async function rateTableFrames(
  browser: Browser,
  host: RunningHost,
  assets = 500,
  ticks = 10,
  scrollOnlyMs = 4000,
  /** Another renderer build to load instead of out/renderer (a before/after comparison). */
  rendererDir?: string,
): Promise<FrameResult> {
  const context = await newBenchContext(browser, rendererDir);
  try {
    const page = await context.newPage();
    await page.goto(`${host.url}#/rates`);
    await page.getByTestId('rate-row').first().waitFor();
    host.services.activeScope().rates.stop();

    const market = createSyntheticMarket(assets);
    const emit = async () => {
      const response = await fetch(new URL('/__host/emit', host.url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${host.token}` },
        body: JSON.stringify({ channel: 'rates:tick', payload: market.tick() }),
      });
      if (response.status !== 204) throw new Error(`emit answered ${response.status}`);
    };
    await emit();
    await page.getByText(`${assets} of ${assets} assets`).waitFor();

    await page.evaluate(startFrameRecorder, SCROLL);
    await sleep(scrollOnlyMs);
    const scrollOnly = frameStats((await page.evaluate(stopFrameRecorder)).deltas);

    await page.evaluate(startFrameRecorder, SCROLL);
    let rowsChecked = 0;
    let rowsMatched = 0;
    const started = Date.now();
    const tickShownMs: number[] = [];
    for (let i = 1; i <= ticks; i++) {
      await sleep(Math.max(0, started + i * 1000 - Date.now()));
      await emit();
      const sent = Date.now();
      const expected = market.prices();
      // The table shows each price rounded to its sensible precision (lib/price-format.ts).
      const current = ([symbol, shown]: [string, string]) =>
        normalise(shown) === normalise(roundPrice(expected.get(symbol) ?? ''));
      // Each tick must be on screen before the next is sent: read the rendered rows every few frames
      // until all show it, or until the next tick is near. A fixed wait (half a second, as first
      // written) failed a run on this machine's slow spells while every tick did arrive.
      let rows = await page.evaluate(renderedPrices);
      while (!rows.every(current) && Date.now() < started + (i + 1) * 1000 - TICK_POLL_MS) {
        await sleep(TICK_POLL_MS);
        rows = await page.evaluate(renderedPrices);
      }
      if (rows.length > 0 && rows.every(current)) tickShownMs.push(Date.now() - sent);
      rowsChecked += rows.length;
      rowsMatched += rows.filter(current).length;
    }
    await sleep(Math.max(0, started + (ticks + 1) * 1000 - Date.now()));
    const { deltas, longTasks, scrolled } = await page.evaluate(stopFrameRecorder);

    return {
      assets,
      ticks,
      ...frameStats(deltas),
      scrollOnly,
      longTasks: {
        count: longTasks.length,
        maxMs: round(Math.max(0, ...longTasks)),
        totalMs: round(longTasks.reduce((a, b) => a + b, 0)),
      },
      scrolledPx: scrolled,
      rowsChecked,
      rowsMatched,
      ticksShown: tickShownMs.length,
      tickShownMaxMs: Math.max(0, ...tickShownMs),
    };
  } finally {
    await context.close();
  }
}

const round = (v: number) => Math.round(v * 10) / 10;

export interface FloorResult {
  pxPerFrame: number;
  /** A hand-written virtualised list: the least any virtualised list can cost per frame here. */
  virtualList: FrameStats;
  /** A plain 2 000-row table, every row in the page: scrolling without any script. */
  staticTable: FrameStats;
}

/**
 * The machine's floor for a frame figure: the same recorder scrolling the same distance per frame,
 * in the same browser with the same flags, over pages with nothing of the app in them
 * (page-probes.ts buildFloorPage). A screen's frame time is judged beside the virtualised one.
 */
export async function floorFrames(
  browser: Browser,
  pxPerFrame: number,
  scrollMs = 4000,
): Promise<FloorResult> {
  const measure = async (kind: 'static' | 'virtual') => {
    const context = await newBenchContext(browser);
    try {
      const page = await context.newPage();
      await page.evaluate(buildFloorPage, { kind, rows: 2000, rowHeight: 37 });
      // A floor that draws nothing would be no floor: scrolling an empty box costs almost nothing.
      await page.evaluate((s) => {
        const floor = document.querySelector(s)!;
        floor.scrollTop = 5000;
        // Its rows follow the scroll event, which the browser would send only on the next frame.
        floor.dispatchEvent(new Event('scroll'));
      }, '#floor');
      if (!(await page.evaluate(textInView, '#floor')))
        throw new Error(`the ${kind} floor page shows no row where it scrolled to`);
      await page.evaluate(startFrameRecorder, { selector: '#floor', pxPerFrame });
      await sleep(scrollMs);
      return frameStats((await page.evaluate(stopFrameRecorder)).deltas);
    } finally {
      await context.close();
    }
  };
  return { pxPerFrame, virtualList: await measure('virtual'), staticTable: await measure('static') };
}

export function frameStats(deltas: readonly number[]): FrameStats {
  return {
    frames: deltas.length,
    p50Ms: round(percentile(deltas, 50)),
    p95Ms: round(percentile(deltas, 95)),
    maxMs: round(Math.max(0, ...deltas)),
    over16Ms: deltas.filter((d) => d >= 16).length,
  };
}
