import type { Browser } from '@playwright/test';
import { newBenchContext } from './browser';

/** Which page state counts as "interactive", checked in the page itself. */
export type ReadyProbe = 'overview' | 'bare';

export interface InteractiveResult {
  runs: number[];
  medianMs: number;
}

declare global {
  interface Window {
    __benchReadyAt?: number;
  }
}

/**
 * Installed before any page script runs. A MutationObserver notices the first DOM state that meets
 * the probe; the clock then stops in the next animation frame (the frame that paints it), read as
 * performance.now(), which counts from the start of navigation. Observing in the page avoids the
 * tens of milliseconds a Playwright polling loop would add, equally but noisily, to both pages.
 */
function installProbe(probe: ReadyProbe): void {
  const visible = (el: Element | null) =>
    !!el && el.getBoundingClientRect().height > 0 && getComputedStyle(el).visibility !== 'hidden';
  const ready = () => {
    if (probe === 'bare') return visible(document.querySelector('[data-testid="bare-ready"]'));
    if (!visible(document.querySelector('[data-testid="balance-row"]'))) return false;
    const refresh = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Refresh');
    return !!refresh && !refresh.disabled && visible(refresh);
  };
  let done = false;
  const observer = new MutationObserver(() => {
    if (done || !ready()) return;
    done = true;
    observer.disconnect();
    requestAnimationFrame(() => {
      window.__benchReadyAt = performance.now();
    });
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

/**
 * Median time from navigation to interactive over `runs` cold loads, each in a fresh browser context
 * (no cache, no storage), after one discarded warm-up load so the server side is not measured cold.
 */
export async function timeToInteractive(
  browser: Browser,
  url: string,
  probe: ReadyProbe,
  runs: number,
): Promise<InteractiveResult> {
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const context = await newBenchContext(browser);
    try {
      const page = await context.newPage();
      await page.addInitScript(installProbe, probe);
      await page.goto(url);
      await page.waitForFunction(() => window.__benchReadyAt !== undefined, undefined, { timeout: 30_000 });
      const at = await page.evaluate(() => window.__benchReadyAt!);
      if (i > 0) times.push(Math.round(at * 10) / 10);
    } finally {
      await context.close();
    }
  }
  return { runs: times, medianMs: median(times) };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
