import type { Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, newBenchContext } from '@test/bench/renderer/browser';
import { buildFloorPage, textInView } from '@test/bench/renderer/page-probes';

// The frame figures are judged beside a floor page scrolled the same way (frames.ts floorFrames): it
// must draw its rows in view, or the baseline is the cost of scrolling an empty box.
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium(true);
});
afterAll(async () => {
  await browser?.close();
});

describe('the frame figures’ floor page (issue 14)', () => {
  for (const kind of ['virtual', 'static'] as const)
    it(`the ${kind} list shows the rows where it is scrolled to`, async () => {
      const context = await newBenchContext(browser);
      try {
        const page = await context.newPage();
        await page.evaluate(buildFloorPage, { kind, rows: 2000, rowHeight: 37 });
        // The first cell of the row at the middle of the 640 px frame: row 8 (320 / 37).
        expect(await page.evaluate(textInView, '#floor')).toBe('t8');
        // 5 000 px down: row 143 (5 320 / 37).
        await page.evaluate(() => {
          const floor = document.querySelector('#floor')!;
          floor.scrollTop = 5000;
          floor.dispatchEvent(new Event('scroll'));
        });
        expect(await page.evaluate(textInView, '#floor')).toBe('t143');
      } finally {
        await context.close();
      }
    });
});
