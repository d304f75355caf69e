import type { Browser } from '@playwright/test';
import type { RunningHost } from '@test/system/e2e/host/server';
import { newBenchContext } from './browser';
import { fakeJournalPage } from './fake-journal';
import { frameStats, type FrameStats } from './frames';
import { median } from '../stats';
import { countRows, startFrameRecorder, stopFrameRecorder, timeUntilShown } from './page-probes';

export interface JournalListResult {
  entries: number;
  /** Median over `visits` of: Journal chosen → first rows painted (the first visit loads the chunk). */
  firstPaintMs: number;
  firstPaintRuns: number[];
  scroll: FrameStats;
  /** Most table rows in the page at any sample while scrolling: O(visible), whatever the journal holds. */
  domRowsMax: number;
  pageRequests: number;
  scrolledPx: number;
}

const LIST = '[data-testid="journal-list"]';
/** Pixels the list moves per frame: a fast flick through a year of entries (7 200 px/s at 60 Hz). */
export const JOURNAL_PX_PER_FRAME = 120;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * The Journal screen over a journal of `entries` entries. `journal:page` is answered by a stand-in
 * (fake-journal.ts) through the real bridge and the renderer's schema check; everything else by the test host.
 * First paint: from choosing Journal to its first rows painted, `visits` times (median). Scroll: the
 * list scrolled `pxPerFrame` every frame for `scrollMs`, far enough to page through main many times.
 * `rendererDir`: another renderer build to load instead of out/renderer (a before/after comparison).
 */
export async function journalList(
  browser: Browser,
  host: RunningHost,
  entries: number,
  {
    visits = 3,
    scrollMs = 4000,
    pxPerFrame = JOURNAL_PX_PER_FRAME,
    rendererDir,
  }: { visits?: number; scrollMs?: number; pxPerFrame?: number; rendererDir?: string } = {},
): Promise<JournalListResult> {
  const context = await newBenchContext(browser, rendererDir);
  try {
    const page = await context.newPage();
    let pageRequests = 0;
    await page.route('**/__host/ipc/journal:page', async (route) => {
      pageRequests++;
      const body = JSON.parse(route.request().postData() ?? '{}') as { payload?: unknown };
      const data = fakeJournalPage(entries, body.payload);
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ ok: true, data }),
      });
    });
    await page.goto(`${host.url}#/overview`);
    await page.getByTestId('overview-screen').waitFor();
    const firstPaintRuns: number[] = [];
    for (let i = 0; i < visits; i++) {
      if (i > 0) {
        await page.evaluate(() => (location.hash = '#/overview'));
        await page.getByTestId('overview-screen').waitFor();
      }
      const ms = await page.evaluate(timeUntilShown, {
        hash: '#/journal',
        selector: '[data-testid="journal-row"]',
      });
      firstPaintRuns.push(Math.round(ms * 10) / 10);
    }
    await page.locator(`${LIST}[data-total="${entries}"]`).waitFor();

    await page.evaluate(startFrameRecorder, { selector: `${LIST} .table-wrap`, pxPerFrame });
    let domRowsMax = 0;
    const until = Date.now() + scrollMs;
    while (Date.now() < until) {
      domRowsMax = Math.max(domRowsMax, await page.evaluate(countRows, LIST));
      await sleep(200);
    }
    const { deltas, scrolled } = await page.evaluate(stopFrameRecorder);
    return {
      entries,
      firstPaintMs: median(firstPaintRuns),
      firstPaintRuns,
      scroll: frameStats(deltas),
      domRowsMax,
      pageRequests,
      scrolledPx: scrolled,
    };
  } finally {
    await context.close();
  }
}
